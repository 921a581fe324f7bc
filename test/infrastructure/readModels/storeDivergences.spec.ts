import { expect } from 'chai';
import type { Collection, Document } from '../../../application/shared/ports/readModelStore.port.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { WriteBehindStore } from '../../../infrastructure/shared/readModels/writeBehind.js';
import { attempt } from './storeDifferential/reference.js';

// Each divergence the random runs found, as the smallest case that showed it.
describe('embedded read models: divergences the random runs found', () => {
  async function collectionHolding(...documents: Document[]): Promise<Collection<Document>> {
    const collection = new EmbeddedReadModelStore().collection('found');
    for (const document of documents) await collection.insertOne(document);
    return collection;
  }

  it('a projection excluding a nested field leaves it out (the stored documents are frozen: mingo could not delete it from them)', async () => {
    const collection = await collectionHolding({ _id: 1, n: { x: 1, y: 2 }, b: 1 });
    expect(await collection.find({}, { projection: { 'n.x': 0 } })).to.deep.equal([{ _id: 1, n: { y: 2 }, b: 1 }]);
    expect(await collection.findOne({ _id: 1 }, { projection: { 'n.x': 0, b: 0 } })).to.deep.equal({ _id: 1, n: { y: 2 } });
    expect(await collection.findOne({ _id: 1 })).to.deep.equal({ _id: 1, n: { x: 1, y: 2 }, b: 1 });
  });

  it('an update through a list by a name (mingo changed nothing there) is refused, as MongoDB refuses it', async () => {
    const collection = await collectionHolding({ _id: 1, n: [1] }, { _id: 2, n: [{ x: 'b' }] });
    expect((await attempt(() => collection.updateMany({}, { $inc: { 'n.z.w': 1 } }))).ok).to.equal(false);
    expect((await attempt(() => collection.updateOne({ _id: 2 }, { $set: { 'n.z.w': { y: 'B' } } }))).ok).to.equal(false);
    expect(await collection.find({})).to.deep.equal([
      { _id: 1, n: [1] },
      { _id: 2, n: [{ x: 'b' }] },
    ]);
  });

  it('a capped $push that leaves the list as it was is not counted as modified', async () => {
    const collection = await collectionHolding({ _id: 1, a: [1, 2] }, { _id: 2, a: [1, 1] });
    expect(await collection.updateOne({ _id: 1 }, { $push: { a: { $each: [], $position: 0, $slice: 2 } } })).to.deep.equal({
      matched: 1,
      modified: 0,
      upserted: false,
    });
    expect(await collection.updateOne({ _id: 2 }, { $push: { a: { $each: [1], $position: 0, $slice: 2 } } })).to.deep.equal({
      matched: 1,
      modified: 0,
      upserted: false,
    });
    expect(await collection.updateOne({ _id: 1 }, { $push: { a: { $each: [], $position: 0, $slice: 1 } } })).to.deep.equal({
      matched: 1,
      modified: 1,
      upserted: false,
    });
    expect(await collection.updateOne({ _id: 3 }, { $push: { e: { $each: [], $position: 0, $slice: 1 } } }, { upsert: true })).to.deep.equal({
      matched: 0,
      modified: 0,
      upserted: true,
    });
    expect(await collection.find({})).to.deep.equal([
      { _id: 1, a: [1] },
      { _id: 2, a: [1, 1] },
      { _id: 3, e: [] },
    ]);
  });

  it('a $push with $slice onto a missing field keeps the slice (mingo pushes every item there)', async () => {
    const collection = await collectionHolding({ _id: 1 }, { _id: 2, a: 1 });
    await collection.updateOne({ _id: 1 }, { $push: { tags: { $each: [1, 2, 3], $slice: 1 }, 'n.list': { $each: [4, 5], $slice: -1 } } });
    await collection.updateOne({ _id: 3 }, { $push: { tags: { $each: ['x', 'y'], $position: 0, $slice: 1 } } }, { upsert: true });
    expect(await collection.find({})).to.deep.equal([
      { _id: 1, tags: [1], n: { list: [5] } },
      { _id: 2, a: 1 },
      { _id: 3, tags: ['x'] },
    ]);
  });

  it('an ordered index drops the old version of a document with an object _id when it is replaced or deleted', async () => {
    const collection = new EmbeddedReadModelStore().collection('found');
    await collection.createIndexes([{ name: 'a_b_c', keys: { a: 1, b: 1, c: 1 } }]);
    // An _id too long to be one of the frozen values documents share: each copy is its own object.
    const id = { key: 'an object _id, too long a text for the frozen values shared between documents' };
    await collection.insertOne({ _id: 0, a: 1, b: 1, c: 1 });
    await collection.insertOne({ _id: id, a: 1, b: 1, c: 1 });
    await collection.replaceOne({ _id: id }, { a: 1, b: 1, c: 1, d: 2 });
    expect(await collection.find({ a: 1 }, { sort: { b: 1, c: 1 } })).to.deep.equal([
      { _id: 0, a: 1, b: 1, c: 1 },
      { _id: id, a: 1, b: 1, c: 1, d: 2 },
    ]);
    await collection.deleteOne({ _id: id });
    expect(await collection.find({ a: 1 }, { sort: { b: 1, c: 1 } })).to.deep.equal([{ _id: 0, a: 1, b: 1, c: 1 }]);
  });

  it('$set may give _id the value it holds (nothing changes), not another, on an update or an upsert', async () => {
    const collection = await collectionHolding({ _id: 1, a: 1 });
    expect(await collection.updateOne({ _id: 1 }, { $set: { _id: 1, a: 2 } })).to.deep.equal({ matched: 1, modified: 1, upserted: false });
    expect(await collection.updateMany({}, { $set: { _id: 1 } })).to.deep.equal({ matched: 1, modified: 0, upserted: false });
    let refused = await attempt(() => collection.updateOne({ _id: 1 }, { $set: { _id: 2 } }));
    expect(refused.ok).to.equal(false);
    refused = await attempt(() => collection.updateOne({ _id: 5 }, { $set: { _id: 6 } }, { upsert: true }));
    expect(refused.ok).to.equal(false);
    expect(await collection.updateOne({ _id: 7 }, { $set: { _id: 7, a: 3 } }, { upsert: true })).to.deep.equal({ matched: 0, modified: 0, upserted: true });
    expect(await collection.find({})).to.deep.equal([
      { _id: 1, a: 2 },
      { _id: 7, a: 3 },
    ]);
  });
});

// An update MongoDB refuses is refused whole: mingo skipped the operators it could not apply
// and applied the rest.
describe('embedded read models: an update MongoDB refuses leaves every document as it was', () => {
  async function collectionHolding(...documents: Document[]): Promise<Collection<Document>> {
    const collection = new EmbeddedReadModelStore().collection('refused');
    for (const document of documents) await collection.insertOne(document);
    return collection;
  }

  async function expectRefused(collection: Collection<Document>, write: () => Promise<unknown>, message: RegExp, held: Document[]): Promise<void> {
    const outcome = await attempt(write);
    expect(outcome.ok, 'refused').to.equal(false);
    expect(String((outcome as { error: Error }).error.message)).to.match(message);
    expect(await collection.find({})).to.deep.equal(held);
  }

  it('$inc or $mul of a value that is not a number (null included), the other fields of the update not written', async () => {
    const held = [{ _id: 1, s: 'x', z: null, l: [1], n: 1 }];
    const collection = await collectionHolding(held[0]!);
    const non = /Cannot apply \$(inc|mul) to a value of non-numeric type/;
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { n: 2 }, $inc: { s: 1 } }), non, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $inc: { n: 1, z: 1 } }), non, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $mul: { n: 2, l: 2 } }), non, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $inc: { n: 1, s: 1 } }, { upsert: true }), non, held);
  });

  it('$push, $addToSet, $pop, $pull or $pullAll onto a field that is there and not a list', async () => {
    const held = [{ _id: 1, a: 5, z: null, b: 1 }];
    const collection = await collectionHolding(held[0]!);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $push: { a: 1 } }), /must be an array/, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $push: { z: 1 } }), /must be an array/, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $addToSet: { a: 1 } }), /\$addToSet to non-array/, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $pop: { a: 1 } }), /non-array type/, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $pull: { a: 1 } }), /\$pull to a non-array/, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $pullAll: { a: [1] } }), /\$pullAll to a non-array/, held);
    // Where the field is missing, they push onto a new list or do nothing.
    expect(await collection.updateOne({ _id: 1 }, { $pull: { m: 1 }, $pop: { p: 1 }, $push: { q: 1 } })).to.deep.equal({
      matched: 1,
      modified: 1,
      upserted: false,
    });
  });

  it('a field created inside a scalar, or inside a list by a name, is refused; an index past the end pads the list', async () => {
    const held = [{ _id: 1, a: 5, l: [1, { x: 1 }], n: { c: 5 }, b: 1 }];
    const collection = await collectionHolding(held[0]!);
    const cannot = /Cannot create field/;
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2, 'a.c': 1 } }), cannot, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $inc: { 'n.c.d': 1 } }), cannot, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2, 'l.x': 1 } }), cannot, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { b: 2 }, $max: { 'l.0.x': 1 } }), cannot, held);
    // $unset and $pull find nothing there: no change, no refusal.
    expect(await collection.updateOne({ _id: 1 }, { $unset: { 'a.c': '' }, $pull: { 'l.x': 1 } })).to.deep.equal({ matched: 1, modified: 0, upserted: false });
    expect(await collection.updateOne({ _id: 1 }, { $set: { 'l.3': 7, 'l.1.x': 2 } })).to.deep.equal({ matched: 1, modified: 1, upserted: false });
    expect(await collection.findOne({ _id: 1 })).to.deep.equal({ _id: 1, a: 5, l: [1, { x: 2 }, null, 7], n: { c: 5 }, b: 1 });
  });

  it('two operators on one path, or on a path and its parent, are refused even where nothing matches', async () => {
    const held = [{ _id: 1, a: { b: 1 } }];
    const collection = await collectionHolding(held[0]!);
    const conflict = /would create a conflict/;
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { a: 1 }, $inc: { 'a.b': 1 } }), conflict, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 9 }, { $set: { a: 1 }, $unset: { a: '' } }), conflict, held);
    await expectRefused(collection, () => collection.updateMany({ zz: 1 }, { $inc: { 'a.b': 1, a: 1 } }), conflict, held);
    // A name sorting between a path and its child ('a b' between 'a' and 'a.b').
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { a: 1, 'a b': 2, 'a.b': 3 } }), conflict, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $set: { a: 1 }, $setOnInsert: { 'a.c': 1 } }), conflict, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 1 }, { $rename: { a: 'c' }, $set: { 'c.d': 1 } }), conflict, held);
    await expectRefused(collection, () => collection.updateOne({ _id: 9 }, { $inc: { n: 'x' } }), /non-numeric argument/, held);
  });

  it('updateMany refuses every document where it refuses one, on the store and through a write-behind batch', async () => {
    const held = [
      { _id: 1, n: 1 },
      { _id: 2, n: 'two' },
      { _id: 3, n: 3 },
    ];
    const collection = await collectionHolding(...held);
    await expectRefused(collection, () => collection.updateMany({}, { $inc: { n: 1 } }), /non-numeric type/, held);
    const store = new EmbeddedReadModelStore();
    const behind = new WriteBehindStore(store).collection('refused');
    for (const document of held) await behind.insertOne(document);
    await expectRefused(behind, () => behind.updateMany({}, { $inc: { n: 1 } }), /non-numeric type/, held);
  });

  it('an upsert whose update MongoDB refuses for the document it would insert inserts nothing', async () => {
    const collection = await collectionHolding();
    await expectRefused(
      collection,
      () => collection.updateOne({ _id: 1, list: 'x' }, { $push: { list: 1 }, $set: { b: 1 } }, { upsert: true }),
      /must be an array/,
      [],
    );
    await expectRefused(collection, () => collection.updateOne({ _id: 1, a: 5 }, { $set: { 'a.b': 1, c: 1 } }, { upsert: true }), /Cannot create field/, []);
  });
});

describe('embedded read models: a sort on a field holding arrays follows MongoDB', () => {
  it('ascending by the smallest element, descending by the largest, an empty array below null and missing', async () => {
    const collection = new EmbeddedReadModelStore().collection('sorted');
    for (const document of [
      { _id: 1, t: [3, 1] },
      { _id: 2, t: 2 },
      { _id: 3, t: [] },
      { _id: 4, t: null },
      { _id: 6, t: [0, 5] },
      { _id: 7, t: ['a'] },
    ])
      await collection.insertOne(document);
    const ids = async (sort: Record<string, 1 | -1>, limit = 0) =>
      (await collection.find({}, { sort: { ...sort, _id: 1 }, limit })).map((document) => document._id);
    expect(await ids({ t: 1 })).to.deep.equal([3, 4, 6, 1, 2, 7]);
    expect(await ids({ t: -1 })).to.deep.equal([7, 6, 1, 2, 4, 3]);
    expect(await ids({ t: -1 }, 2)).to.deep.equal([7, 6]);
    expect((await collection.findOne({}, { sort: { t: -1 }, projection: { t: 1 } }))?._id).to.equal(7);
  });
});
