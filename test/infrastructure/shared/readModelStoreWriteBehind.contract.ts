import { expect } from 'chai';
import { POSITION_FIELD, PositionGuardedCollection } from '../../../application/shared/projections/positionGuardedCollection.js';
import { DuplicateKeyError, type Collection, type Document, type WriteBehind } from '../../../application/shared/ports/readModelStore.port.js';
import { WriteBehindStore } from '../../../infrastructure/shared/readModels/writeBehind.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';
import { rejection } from './readModelStoreTestSupport.js';

// A small deterministic generator, so a failing sequence can be replayed.
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const sortById = (documents: readonly Document[]) => [...documents].sort((a, b) => String(a._id).localeCompare(String(b._id)));

// writeBatch on every store; write-behind where the store offers it (MongoDB), and the
// generic write-behind over the store where it does not (the embedded one): a projection
// lane's batch reads its own writes and lands as the same documents.
export function describeWriteBehindContract(context: ReadModelStoreContext): void {
  const writeBehind = (): WriteBehind => context.store().writeBehind?.(POSITION_FIELD) ?? new WriteBehindStore(context.store(), POSITION_FIELD);

  describe('writeBatch', function () {
    it('upserts replacements and deletes, each by its own filter', async function () {
      const name = context.collectionName('batch');
      const collection = context.store().collection(name);
      await collection.insertOne({ _id: 'a', n: 1 });
      await collection.insertOne({ _id: 'b', n: 2 });
      await collection.writeBatch([
        { filter: { _id: 'a' }, replacement: { _id: 'a', n: 10 } },
        { filter: { _id: 'c' }, replacement: { _id: 'c', n: 3 } },
        { filter: { _id: 'b' }, delete: true },
      ]);
      expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal([
        { _id: 'a', n: 10 },
        { _id: 'c', n: 3 },
      ]);
    });

    it('skips a replacement whose stored document is newer, and writes the rest', async function () {
      const collection = context.store().collection(context.collectionName('batch'));
      await collection.insertOne({ _id: 'a', _position: 9 });
      await collection.writeBatch([
        { filter: { _id: 'a', _position: { $not: { $gt: 5 } } }, replacement: { _id: 'a', _position: 5 } },
        { filter: { _id: 'b', _position: { $not: { $gt: 5 } } }, replacement: { _id: 'b', _position: 5 } },
      ]);
      expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal([
        { _id: 'a', _position: 9 },
        { _id: 'b', _position: 5 },
      ]);
    });

    it('frees a unique value before it is taken again: deletions first, then replacements until none is refused', async function () {
      const name = context.collectionName('batch');
      const collection = context.store().collection(name);
      await collection.createIndexes([{ name: 'login', keys: { login: 1 }, unique: true }]);
      await collection.insertOne({ _id: 'a', login: 'octocat' });
      await collection.insertOne({ _id: 'b', login: 'hubot' });
      // a is deleted and c takes its login; d takes b's login, which b leaves in the same batch.
      await collection.insertOne({ _id: 'd', login: 'spacecat' });
      await collection.writeBatch([
        { filter: { _id: 'c' }, replacement: { _id: 'c', login: 'octocat' } },
        { filter: { _id: 'd' }, replacement: { _id: 'd', login: 'hubot' } },
        { filter: { _id: 'b' }, replacement: { _id: 'b', login: 'monalisa' } },
        { filter: { _id: 'a' }, delete: true },
      ]);
      expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal([
        { _id: 'b', login: 'monalisa' },
        { _id: 'c', login: 'octocat' },
        { _id: 'd', login: 'hubot' },
      ]);
    });

    it('reports a unique index refusing a write once the others are written', async function () {
      const name = context.collectionName('batch');
      const collection = context.store().collection(name);
      await collection.createIndexes([{ name: 'login', keys: { login: 1 }, unique: true }]);
      await collection.insertOne({ _id: 'a', login: 'octocat' });
      const error = await rejection(
        collection.writeBatch([
          { filter: { _id: 'b' }, replacement: { _id: 'b', login: 'octocat' } },
          { filter: { _id: 'c' }, replacement: { _id: 'c', login: 'hubot' } },
        ]),
      );
      expect(error).to.be.instanceOf(DuplicateKeyError);
      expect(error).to.include({ collection: name, index: 'login' });
      expect((await collection.find({}, { sort: { _id: 1 } })).map((document) => document._id)).to.deep.equal(['a', 'c']);
    });
  });

  describe('write-behind', function () {
    it('reads its own writes merged over the stored documents, and the store sees them at flush', async function () {
      const name = context.collectionName('behind');
      const stored = context.store().collection(name);
      for (let n = 0; n < 6; n++) await stored.insertOne({ _id: `d${n}`, group: n % 2, n });
      const writes = writeBehind();
      const held = writes.collection(name);
      await held.updateOne({ _id: 'd0' }, { $set: { n: 100 } });
      await held.deleteOne({ _id: 'd1' });
      await held.insertOne({ _id: 'd9', group: 1, n: -1 });
      await held.updateMany({ group: 1 }, { $inc: { n: 1 } });
      expect((await held.find({ group: 1 }, { sort: { n: 1 } })).map((document) => [document._id, document.n])).to.deep.equal([
        ['d9', 0],
        ['d3', 4],
        ['d5', 6],
      ]);
      expect((await held.find({}, { sort: { n: -1 }, skip: 1, limit: 2 })).map((document) => document._id)).to.deep.equal(['d5', 'd4']);
      expect(await held.count({ group: 1 })).to.equal(3);
      expect(await held.findOne({ _id: 'd1' })).to.equal(null);
      expect(writes.held).to.equal(5);
      // Nothing reached the store yet.
      expect(await stored.count({})).to.equal(6);
      expect(await stored.findOne({ _id: 'd0' })).to.deep.equal({ _id: 'd0', group: 0, n: 0 });
      await writes.flush();
      expect(writes.held).to.equal(0);
      expect(sortById(await stored.find({}))).to.deep.equal(sortById(await held.find({})));
      expect(await stored.find({}, { sort: { _id: 1 }, projection: { n: 1 } })).to.deep.equal([
        { _id: 'd0', n: 100 },
        { _id: 'd2', n: 2 },
        { _id: 'd3', n: 4 },
        { _id: 'd4', n: 4 },
        { _id: 'd5', n: 6 },
        { _id: 'd9', n: 0 },
      ]);
    });

    it('refuses a second document with a held _id, and writes nothing before a flush', async function () {
      const name = context.collectionName('behind');
      const writes = writeBehind();
      const held = writes.collection(name);
      await held.insertOne({ _id: 'x' });
      const error = await rejection(held.insertOne({ _id: 'x' }));
      expect(error).to.be.instanceOf(DuplicateKeyError);
      expect(await context.store().collection(name).count({})).to.equal(0);
      await writes.flush();
      expect(await context.store().collection(name).find({})).to.deep.equal([{ _id: 'x' }]);
    });

    it('keeps the position guard across a batch: older events change nothing, a deletion holds, a newer stored document stays', async function () {
      const name = context.collectionName('behind');
      const writes = writeBehind();
      const at = (position: number) => new PositionGuardedCollection<Document>(writes.collection(name), name, writes, position);
      await at(10).replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'newer' }, { upsert: true });
      await at(7).replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'older' }, { upsert: true });
      await at(8).updateOne({ _id: 'r1' }, { $set: { title: 'older' } });
      await at(5).insertOne({ _id: 'r2', title: 'created' });
      await at(9).deleteOne({ _id: 'r2' });
      await at(6).replaceOne({ _id: 'r2' }, { _id: 'r2', title: 'replayed' }, { upsert: true });
      await at(4).insertOne({ _id: 'r3', title: 'mine' });
      // Another writer moves r3 past this batch before it is written.
      await context.store().collection(name).insertOne({ _id: 'r3', title: 'theirs', _position: 11 });
      await writes.flush();
      expect(
        await context
          .store()
          .collection(name)
          .find({}, { sort: { _id: 1 } }),
      ).to.deep.equal([
        { _id: 'r1', title: 'newer', _position: 10 },
        { _id: 'r3', title: 'theirs', _position: 11 },
      ]);
    });

    it('answers every read and write as the store would (random sequences, flushed now and then)', async function () {
      for (const seed of [1, 2, 3]) {
        const random = seeded(seed);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
        const id = () => `k${Math.floor(random() * 12)}`;
        const filter = () =>
          pick([{ _id: id() }, { group: Math.floor(random() * 3) }, { n: { $gte: Math.floor(random() * 20) } }, {}, { _id: { $in: [id(), id()] } }]);
        const direct = context.store().collection(context.collectionName(`direct${seed}`));
        const behindName = context.collectionName(`behind${seed}`);
        let writes = writeBehind();
        for (let step = 0; step < 200; step++) {
          // One operation, drawn once and applied to both collections.
          const kind = pick(OPERATIONS);
          const operation = operationOf(kind, step, filter, id, random);
          if (operation === 'flush') {
            await writes.flush();
            writes = writeBehind();
            continue;
          }
          const expected = await operation(direct);
          expect(await operation(writes.collection(behindName)), `seed ${seed}, step ${step}: ${kind}`).to.deep.equal(expected);
        }
        await writes.flush();
        expect(sortById(await context.store().collection(behindName).find({}))).to.deep.equal(sortById(await direct.find({})));
      }
    });
  });
}

const OPERATIONS = ['insert', 'update', 'upsert', 'updateMany', 'replace', 'delete', 'deleteMany', 'find', 'count', 'flush'] as const;

function operationOf(
  kind: (typeof OPERATIONS)[number],
  step: number,
  filter: () => Document,
  id: () => string,
  random: () => number,
): 'flush' | ((collection: Collection) => Promise<unknown>) {
  const f = filter();
  const key = id();
  const value = Math.floor(random() * 20);
  const group = Math.floor(random() * 3);
  const coin = random() < 0.5;
  switch (kind) {
    case 'insert':
      return (collection) =>
        collection.insertOne({ _id: key, group, n: value }).then(
          () => 'inserted',
          (error: unknown) => (error instanceof DuplicateKeyError ? 'duplicate' : Promise.reject(error)),
        );
    // One-document writes pin the _id: which of several matches MongoDB takes is not defined.
    case 'update':
      return (collection) => collection.updateOne({ _id: key }, { $inc: { n: 1 } });
    case 'upsert':
      return (collection) => collection.updateOne({ _id: key }, { $set: { group: 2 }, $inc: { n: 3 } }, { upsert: true });
    case 'updateMany':
      return (collection) => collection.updateMany(f, { $set: { touched: step } });
    case 'replace':
      return (collection) => collection.replaceOne({ _id: key }, { group, n: value }, { upsert: coin });
    case 'delete':
      return (collection) => collection.deleteOne({ _id: key });
    case 'deleteMany':
      return (collection) => (coin ? collection.deleteMany(f) : Promise.resolve(0));
    case 'find':
      return (collection) => collection.find(f, { sort: { n: -1, _id: 1 }, skip: group % 2, limit: 1 + group });
    case 'count':
      return (collection) => collection.count(f);
    default:
      return 'flush';
  }
}
