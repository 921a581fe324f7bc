import { expect } from 'chai';
import type { Collection, Document } from '../../../application/shared/ports/readModelStore.port.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
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

  it('an update that changes nothing through mingo (a path into an array of scalars) is not counted as modified', async () => {
    const collection = await collectionHolding({ _id: 1, n: [1] }, { _id: 2, n: [{ x: 'b' }] });
    expect(await collection.updateMany({}, { $inc: { 'n.z.w': 1 } })).to.deep.equal({ matched: 2, modified: 0, upserted: false });
    expect(await collection.updateOne({ _id: 2 }, { $set: { 'n.z.w': { y: 'B' } } })).to.deep.equal({ matched: 1, modified: 0, upserted: false });
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
