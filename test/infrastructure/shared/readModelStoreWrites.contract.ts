import { expect } from 'chai';
import type { Collection } from '../../../application/shared/ports/readModelStore.port.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';
import { rejection } from './readModelStoreTestSupport.js';

export function describeWriteContract(context: ReadModelStoreContext): void {
  describe('updates', function () {
    let collection: Collection;

    beforeEach(async function () {
      collection = context.store().collection(context.collectionName('projects'));
      await collection.insertOne({ _id: 'p1', name: 'roadmap', state: 'open', columns: 2, labels: ['a'], scores: [1, 5, 8] });
      await collection.insertOne({ _id: 'p2', name: 'backlog', state: 'open', columns: 0, labels: [], scores: [] });
      await collection.insertOne({ _id: 'p3', name: 'archive', state: 'closed', columns: 7, labels: ['b'], scores: [2] });
    });

    it('applies $set, $unset, $inc and dotted $set to the first match', async function () {
      const result = await collection.updateOne(
        { _id: 'p1' },
        { $set: { state: 'closed', 'settings.public': true }, $unset: { labels: '' }, $inc: { columns: 3, cards: 1 } },
      );
      expect(result).to.deep.equal({ matched: 1, modified: 1, upserted: false });
      expect(await collection.findOne({ _id: 'p1' })).to.deep.equal({
        _id: 'p1',
        name: 'roadmap',
        state: 'closed',
        columns: 5,
        scores: [1, 5, 8],
        settings: { public: true },
        cards: 1,
      });
    });

    it('applies array operators $push (with $each), $pull (by value and by condition) and $addToSet', async function () {
      await collection.updateOne({ _id: 'p1' }, { $push: { labels: { $each: ['b', 'c'] } }, $pull: { scores: { $gte: 5 } } });
      await collection.updateOne({ _id: 'p1' }, { $pull: { labels: 'a' }, $addToSet: { scores: 1 } });
      expect(await collection.findOne({ _id: 'p1' }, { projection: { labels: 1, scores: 1 } })).to.deep.equal({
        _id: 'p1',
        labels: ['b', 'c'],
        scores: [1],
      });
      const unchanged = await collection.updateOne({ _id: 'p1' }, { $addToSet: { labels: 'b' } });
      expect(unchanged).to.deep.equal({ matched: 1, modified: 0, upserted: false });
      await collection.updateOne({ _id: 'p1' }, { $addToSet: { labels: 'd' } });
      expect((await collection.findOne({ _id: 'p1' }))?.labels).to.deep.equal(['b', 'c', 'd']);
    });

    it('applies $max and $min only when they move the value', async function () {
      expect(await collection.updateOne({ _id: 'p3' }, { $max: { columns: 3 } })).to.deep.equal({ matched: 1, modified: 0, upserted: false });
      await collection.updateOne({ _id: 'p3' }, { $max: { columns: 10 }, $min: { floor: 4 } });
      await collection.updateOne({ _id: 'p3' }, { $min: { floor: 2 } });
      expect(await collection.findOne({ _id: 'p3' }, { projection: { _id: 0, columns: 1, floor: 1 } })).to.deep.equal({ columns: 10, floor: 2 });
    });

    it('keeps no reference to the values an update or a replacement carried', async function () {
      const labels = ['x', { nested: ['y'] }];
      await collection.updateOne({ _id: 'p1' }, { $set: { labels } });
      const replacement = { name: 'replaced', columns: [1] };
      await collection.replaceOne({ _id: 'p2' }, replacement);
      labels.push('z');
      (labels[1] as { nested: string[] }).nested.push('z');
      replacement.columns.push(2);
      expect((await collection.findOne({ _id: 'p1' }))?.labels).to.deep.equal(['x', { nested: ['y'] }]);
      expect(await collection.findOne({ _id: 'p2' })).to.deep.equal({ _id: 'p2', name: 'replaced', columns: [1] });
    });

    it('reports a match that changes nothing as not modified', async function () {
      expect(await collection.updateOne({ _id: 'p2' }, { $set: { state: 'open' } })).to.deep.equal({ matched: 1, modified: 0, upserted: false });
    });

    it('updates the matched array element through the positional operator', async function () {
      await collection.insertOne({
        _id: 'p4',
        cards: [
          { id: 1, done: false },
          { id: 2, done: false },
        ],
      });
      await collection.updateOne({ _id: 'p4', 'cards.id': 2 }, { $set: { 'cards.$.done': true } });
      expect((await collection.findOne({ _id: 'p4' }))?.cards).to.deep.equal([
        { id: 1, done: false },
        { id: 2, done: true },
      ]);
    });

    it('does nothing without a match unless asked to upsert', async function () {
      expect(await collection.updateOne({ _id: 'p9' }, { $set: { state: 'open' } })).to.deep.equal({ matched: 0, modified: 0, upserted: false });
      expect(await collection.count({})).to.equal(3);
    });

    it('upserts a document seeded from the filter equalities, then updates it on the next call', async function () {
      const upsert = () =>
        collection.updateOne(
          { owner_id: 7, number: { $eq: 1 }, columns: { $gte: 0 } },
          { $inc: { columns: 1 }, $setOnInsert: { created_at: '2024-01-01T00:00:00Z' } },
          { upsert: true },
        );
      expect(await upsert()).to.deep.equal({ matched: 0, modified: 0, upserted: true });
      const inserted = await collection.findOne({ owner_id: 7 });
      expect(inserted?._id).to.be.a('string');
      expect(inserted).to.deep.equal({ _id: inserted?._id, owner_id: 7, number: 1, columns: 1, created_at: '2024-01-01T00:00:00Z' });
      expect(await upsert()).to.deep.equal({ matched: 1, modified: 1, upserted: false });
      expect(await collection.findOne({ owner_id: 7 })).to.deep.equal({ ...inserted, columns: 2 });
    });

    it('upserts with the _id of the filter', async function () {
      await collection.updateOne({ _id: 'p8' }, { $set: { name: 'new' } }, { upsert: true });
      expect(await collection.findOne({ _id: 'p8' })).to.deep.equal({ _id: 'p8', name: 'new' });
    });

    it('updates every match with updateMany and counts only the documents that changed', async function () {
      await collection.updateOne({ _id: 'p2' }, { $set: { columns: 7 } });
      const result = await collection.updateMany({ state: { $in: ['open', 'closed'] } }, { $set: { columns: 7 } });
      expect(result).to.deep.equal({ matched: 3, modified: 1, upserted: false });
      expect(await collection.count({ columns: 7 })).to.equal(3);
    });

    it('refuses an update without operators and a replacement with operators', async function () {
      expect(await rejection(collection.updateOne({ _id: 'p1' }, { state: 'closed' }))).to.be.instanceOf(Error);
      expect(await rejection(collection.updateMany({}, {}))).to.be.instanceOf(Error);
      expect(await rejection(collection.replaceOne({ _id: 'p1' }, { $set: { state: 'x' } }))).to.be.instanceOf(Error);
      expect((await collection.findOne({ _id: 'p1' }))?.state).to.equal('open');
    });
  });

  describe('replacements and deletions', function () {
    let collection: Collection;

    beforeEach(async function () {
      collection = context.store().collection(context.collectionName('cards'));
      for (const [id, column] of [
        ['c1', 'todo'],
        ['c2', 'todo'],
        ['c3', 'done'],
      ])
        await collection.insertOne({ _id: id, column, note: id });
    });

    it('replaces the whole document and keeps its _id', async function () {
      expect(await collection.replaceOne({ note: 'c2' }, { column: 'done' })).to.deep.equal({ matched: 1, modified: 1, upserted: false });
      expect(await collection.findOne({ _id: 'c2' })).to.deep.equal({ _id: 'c2', column: 'done' });
      expect(await collection.replaceOne({ _id: 'c2' }, { column: 'done' })).to.deep.equal({ matched: 1, modified: 0, upserted: false });
      expect(await collection.replaceOne({ _id: 'c9' }, { column: 'done' })).to.deep.equal({ matched: 0, modified: 0, upserted: false });
      expect(await collection.count({})).to.equal(3);
    });

    it('upserts a replacement with the _id of the filter, of the document, or a new string one', async function () {
      expect(await collection.replaceOne({ _id: 'c7', column: 'x' }, { note: 'seven' }, { upsert: true })).to.deep.equal({
        matched: 0,
        modified: 0,
        upserted: true,
      });
      expect(await collection.findOne({ _id: 'c7' })).to.deep.equal({ _id: 'c7', note: 'seven' });
      await collection.replaceOne({ note: 'eight' }, { _id: 'c8', note: 'eight' }, { upsert: true });
      expect(await collection.findOne({ note: 'eight' })).to.deep.equal({ _id: 'c8', note: 'eight' });
      await collection.replaceOne({ note: 'nine' }, { note: 'nine', column: 'todo' }, { upsert: true });
      const nine = await collection.findOne({ note: 'nine' });
      expect(nine?._id).to.be.a('string');
      expect(nine).to.deep.equal({ _id: nine?._id, note: 'nine', column: 'todo' });
      await collection.replaceOne({ note: 'nine' }, { note: 'nine', column: 'done' }, { upsert: true });
      expect(await collection.find({ note: 'nine' })).to.deep.equal([{ _id: nine?._id, note: 'nine', column: 'done' }]);
    });

    it('deletes one match with deleteOne and every match with deleteMany', async function () {
      expect(await collection.deleteOne({ column: 'todo' })).to.equal(1);
      expect(await collection.count({ column: 'todo' })).to.equal(1);
      expect(await collection.deleteOne({ column: 'nowhere' })).to.equal(0);
      await collection.insertOne({ _id: 'c4', column: 'todo' });
      expect(await collection.deleteMany({ column: 'todo' })).to.equal(2);
      expect(await collection.find({})).to.deep.equal([{ _id: 'c3', column: 'done', note: 'c3' }]);
    });
  });
}
