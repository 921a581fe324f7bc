import { expect } from 'chai';
import type { Collection, Document, Update } from '../../../application/shared/ports/readModelStore.port.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';
import { rejection } from './readModelStoreTestSupport.js';

// An update MongoDB refuses is refused whole: no field of it written, in the document it is
// refused for (the server's own behaviour; the embedded store's, held to it).
export function describeRefusedUpdateContract(context: ReadModelStoreContext): void {
  describe('updates MongoDB refuses', function () {
    let collection: Collection;
    const held: Document = { _id: 'p1', name: 'roadmap', count: 'many', labels: 'a', settings: 5, scores: [1, 2], nothing: null };

    beforeEach(async function () {
      collection = context.store().collection(context.collectionName('refused'));
      await collection.insertOne(held);
    });

    const refused: Array<[string, Update]> = [
      ['$inc of a string', { $set: { name: 'x' }, $inc: { count: 1 } }],
      ['$inc of null', { $set: { name: 'x' }, $inc: { nothing: 1 } }],
      ['$mul of a list', { $set: { name: 'x' }, $mul: { scores: 2 } }],
      ['$inc by a string', { $set: { name: 'x' }, $inc: { other: 'one' } }],
      ['$push onto a string', { $set: { name: 'x' }, $push: { labels: 'b' } }],
      ['$addToSet onto a number', { $set: { name: 'x' }, $addToSet: { settings: 1 } }],
      ['$pull from a string', { $set: { name: 'x' }, $pull: { labels: 'a' } }],
      ['$pop from a number', { $set: { name: 'x' }, $pop: { settings: 1 } }],
      ['a field created inside a number', { $set: { name: 'x', 'settings.public': true } }],
      ['a field created inside a list by a name', { $set: { name: 'x' }, $inc: { 'scores.total': 1 } }],
      ['a path and its parent', { $set: { name: 'x', settings: {} }, $inc: { 'settings.public': 1 } }],
    ];
    for (const [what, update] of refused) {
      it(`refuses ${what}, the document as it was`, async function () {
        expect(await rejection(collection.updateOne({ _id: 'p1' }, update))).to.be.instanceOf(Error);
        expect(await rejection(collection.updateOne({ _id: 'p1' }, update, { upsert: true }))).to.be.instanceOf(Error);
        expect(await rejection(collection.updateMany({}, update))).to.be.instanceOf(Error);
        expect(await collection.find({})).to.deep.equal([held]);
      });
    }

    it('refuses an upsert whose update cannot apply to the document it would insert, inserting nothing', async function () {
      expect(await rejection(collection.updateOne({ _id: 'p2', labels: 'a' }, { $push: { labels: 'b' } }, { upsert: true }))).to.be.instanceOf(Error);
      expect(await collection.find({})).to.deep.equal([held]);
    });

    it('writes each document of a refused updateMany whole or not at all', async function () {
      await collection.insertOne({ _id: 'p2', count: 1 });
      await collection.insertOne({ _id: 'p3', count: 2 });
      expect(await rejection(collection.updateMany({}, { $inc: { count: 1 }, $set: { touched: true } }))).to.be.instanceOf(Error);
      const after = await collection.find({}, { sort: { _id: 1 } });
      expect(after[0]).to.deep.equal(held);
      for (const [index, document] of after.slice(1).entries()) {
        expect([
          { _id: `p${index + 2}`, count: index + 1 },
          { _id: `p${index + 2}`, count: index + 2, touched: true },
        ]).to.deep.include(document);
      }
    });
  });
}
