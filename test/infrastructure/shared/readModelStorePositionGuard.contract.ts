import { expect } from 'chai';
import { PositionGuardedCollection, pruneTombstones } from '../../../application/shared/projections/positionGuardedCollection.js';
import type { Document } from '../../../application/shared/ports/readModelStore.port.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';

// Projections write through PositionGuardedCollection: on every store, an event older than
// the one a document last saw changes nothing, and a deletion is not undone by an older event.
export function describePositionGuardContract(context: ReadModelStoreContext): void {
  describe('writes guarded by the event position', function () {
    let name: string;
    const at = (position: number) => new PositionGuardedCollection<Document>(context.store().collection(name), name, context.store(), position);
    const stored = () => context.store().collection(name).findOne({ _id: 'r1' });

    beforeEach(function () {
      name = context.collectionName('guarded');
    });

    it('applies an older event after a newer one and keeps the newer state (replace, update, updateMany)', async function () {
      await at(10).replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'newer', count: 2 }, { upsert: true });
      expect(await at(7).replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'older', count: 1 }, { upsert: true })).to.deep.equal({
        matched: 0,
        modified: 0,
        upserted: false,
      });
      await at(8).updateOne({ _id: 'r1' }, { $set: { title: 'older' }, $inc: { count: 5 } });
      await at(9).updateMany({}, { $set: { title: 'older' } });
      expect(await stored()).to.deep.equal({ _id: 'r1', title: 'newer', count: 2, _position: 10 });
      expect(await context.store().collection(name).count({})).to.equal(1);
    });

    it('lets one event write a document several times, and a later one change it', async function () {
      await at(3).updateOne({ _id: 'r1' }, { $setOnInsert: { title: 'new', count: 0 } }, { upsert: true });
      await at(3).updateOne({ _id: 'r1' }, { $inc: { count: 1 } });
      await at(4).updateOne({ _id: 'r1' }, { $inc: { count: 1 } });
      expect(await stored()).to.deep.equal({ _id: 'r1', title: 'new', count: 2, _position: 4 });
    });

    it('a deletion is not undone by an older event arriving late, but a later creation is allowed', async function () {
      await at(5).insertOne({ _id: 'r1', title: 'created' });
      expect(await at(9).deleteOne({ _id: 'r1' })).to.equal(1);
      // The rebuild's catch-up replays the creation and an update after the live worker deleted it.
      await at(5).replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'created' }, { upsert: true });
      await at(6).updateOne({ _id: 'r1' }, { $set: { title: 'edited' } }, { upsert: true });
      await at(5).insertOne({ _id: 'r1', title: 'created' });
      expect(await stored()).to.equal(null);
      await at(12).replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'again' }, { upsert: true });
      expect(await stored()).to.deep.equal({ _id: 'r1', title: 'again', _position: 12 });
    });

    it('an older deletion leaves a newer document; deleteMany takes only what it may', async function () {
      await at(10).insertOne({ _id: 'r1', group: 'g' });
      await at(4).insertOne({ _id: 'r2', group: 'g' });
      expect(await at(6).deleteMany({ group: 'g' })).to.equal(1);
      expect(await at(6).deleteOne({ _id: 'r1' })).to.equal(0);
      expect(
        (
          await context
            .store()
            .collection(name)
            .find({}, { sort: { _id: 1 } })
        ).map((d) => d._id),
      ).to.deep.equal(['r1']);
    });

    it('pruned tombstones no longer stop anything (no writer is behind them)', async function () {
      await at(5).insertOne({ _id: 'r1' });
      await at(9).deleteOne({ _id: 'r1' });
      await pruneTombstones(context.store(), 9);
      await at(7).replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'replayed in order' }, { upsert: true });
      expect(await stored()).to.deep.equal({ _id: 'r1', title: 'replayed in order', _position: 7 });
    });
  });
}
