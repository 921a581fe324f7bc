import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { onceThisBatch, type Projection } from '../../../application/shared/projections/projection.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import { ProjectionRunner } from '../../../application/shared/projections/projectionRunner.js';
import type { EventStore } from '../../../application/shared/ports/eventStore.port.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import type { BatchWrite, Collection, Document, WriteBehind } from '../../../application/shared/ports/readModelStore.port.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { WriteBehindStore } from '../../../infrastructure/shared/readModels/writeBehind.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { dumpCollections } from '../../support/projectionSpec.js';

const metadata = { schemaVersion: 1, actorId: null, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-22T10:00:00.000Z' };

// Counts per stream and indexes names for search: a small projection that exercises
// counters (the non-trivially idempotent case) and a search index.
function tallyProjection(version = 1, applied: string[] = []): Projection {
  return {
    name: 'tally',
    version,
    collections: [{ name: 'tallies', indexes: [{ name: 'stream', keys: { stream: 1 }, unique: true }] }],
    searchIndexes: [{ name: 'names', settings: { primaryKey: 'id', searchableAttributes: ['name'], filterableAttributes: [], sortableAttributes: [] } }],
    async apply(event, target) {
      if (event.type !== 'Named') return;
      applied.push(event.id);
      const tallies = target.collection('tallies');
      // The position guard makes the increment idempotent.
      await tallies.updateOne({ _id: event.streamId }, { $setOnInsert: { stream: event.streamId, count: 0, last: -1 } }, { upsert: true });
      await tallies.updateOne({ _id: event.streamId, last: { $lt: event.position } }, { $inc: { count: 1 }, $set: { last: event.position } });
      const { name } = event.data as { name: string };
      await target.search.upsert(target.searchIndexName('names'), [{ id: event.id, name }]);
    },
  };
}

async function appendNamed(store: EventStore, stream: string, name: string): Promise<number> {
  const result = await store.append(stream, [{ id: randomUUID(), type: 'Named', data: { name }, metadata }], 'any');
  if (result.outcome !== 'appended') throw new Error('append failed');
  return result.position;
}

// The embedded store writes each change in memory; MongoDB's store hands each lane a
// write-behind batch. Every case runs on both kinds (the second: the embedded store offering
// the same write-behind MongoDB's does).
class WriteBehindEmbeddedStore extends EmbeddedReadModelStore {
  // The next bulk write to this collection fails, after the batch's other collections are written.
  failNextWriteTo: string | undefined;

  writeBehind(versionField?: string): WriteBehind {
    return new WriteBehindStore(this, versionField);
  }

  override collection<T extends Document = Document>(name: string): Collection<T> {
    const collection = super.collection<T>(name);
    if (name !== this.failNextWriteTo) return collection;
    return Object.assign(Object.create(collection) as Collection<T>, {
      writeBatch: async (writes: readonly BatchWrite[]) => {
        if (this.failNextWriteTo === name) {
          this.failNextWriteTo = undefined;
          throw new Error('connection reset during the bulk write');
        }
        await collection.writeBatch(writes);
      },
    });
  }
}

for (const [kind, newStore] of [
  ['writes in memory', () => new EmbeddedReadModelStore()],
  ['writes behind, in batches', () => new WriteBehindEmbeddedStore()],
] as const) {
  describe(`projection runner (${kind})`, () => {
    let directory: string;
    let eventStore: EmbeddedEventStore;
    beforeEach(async () => {
      directory = await mkdtemp(join(tmpdir(), 'forgelog-runner-'));
      eventStore = await EmbeddedEventStore.open(directory);
    });
    afterEach(async () => {
      await eventStore.close();
      await rm(directory, { recursive: true, force: true });
    });

    it('catches up at start and resolves waitFor once a new event is applied (read-your-writes)', async () => {
      for (let i = 0; i < 20; i++) await appendNamed(eventStore, `s-${i % 3}`, `name ${i}`);
      const store = newStore();
      const runner = new ProjectionRunner(eventStore, store, new EmbeddedSearchIndex(), [tallyProjection()]);
      await runner.start();
      expect((await store.collection('tallies').findOne({ _id: 's-0' }))?.count).to.equal(7);
      const position = await appendNamed(eventStore, 's-0', 'late');
      expect(await runner.waitFor(position, 10_000)).to.equal(true);
      expect((await store.collection('tallies').findOne({ _id: 's-0' }))?.count).to.equal(8);
      expect(await runner.waitFor(position + 1000, 20)).to.equal(false);
      await runner.stop();
    });

    it("hands a projection taking every event none of the id sequences' reservations, its checkpoint passing them", async () => {
      const handed: string[] = [];
      const every: Projection = { ...tallyProjection(), name: 'every', consistency: 'eventual', collections: [], searchIndexes: [] };
      every.apply = async (event) => void handed.push(event.type);
      await appendNamed(eventStore, 's', 'first');
      await eventStore.append('sequence-issue', [{ id: randomUUID(), type: 'IdBlockReserved', data: { from: 1, to: 16 }, metadata }], 'any');
      await eventStore.append('s', [{ id: randomUUID(), type: 'Unnamed', data: {}, metadata }], 'any');
      const reserved = await eventStore.append('sequence-issue', [{ id: randomUUID(), type: 'IdBlockReserved', data: { from: 17, to: 32 }, metadata }], 'any');
      const runner = new ProjectionRunner(eventStore, newStore(), new EmbeddedSearchIndex(), [every]);
      await runner.start();
      expect(reserved.outcome === 'appended' && (await runner.waitForAll(reserved.position, 10_000))).to.equal(true);
      await runner.stop();
      expect(handed).to.deep.equal(['Named', 'Unnamed']);
      expect(runner.statuses()[0]?.position).to.equal(3);
    });

    it('passes over the event types a projection does not name, its checkpoint still advancing, in and out of an eventual lane', async () => {
      const handed: string[] = [];
      const store = newStore();
      const search = new EmbeddedSearchIndex();
      const naming = (name: string, consistency: Projection['consistency']): Projection => ({
        ...tallyProjection(),
        name,
        consistency,
        collections: [{ name: `${name}-tallies` }],
        eventTypes: new Set(['Named']),
        async apply(event) {
          handed.push(`${name}:${event.type}`);
        },
      });
      await appendNamed(eventStore, 's', 'first');
      await eventStore.append('s', [{ id: randomUUID(), type: 'Unnamed', data: {}, metadata }], 'any');
      await appendNamed(eventStore, 's', 'second');
      // The log ends with events no projection acts on: passed over at once, not applied.
      for (let i = 0; i < 3; i++) await eventStore.append('s', [{ id: randomUUID(), type: 'Unnamed', data: {}, metadata }], 'any');
      const last = await eventStore.headPosition();
      const runner = new ProjectionRunner(eventStore, store, search, [naming('in-order', 'read-your-writes'), naming('eventual', 'eventual')]);
      await runner.start();
      expect(await runner.waitForAll(last, 10_000)).to.equal(true);
      const live = (await eventStore.append('s', [{ id: randomUUID(), type: 'Unnamed', data: {}, metadata }], 'any')) as { position: number };
      expect(await runner.waitForAll(live.position, 10_000)).to.equal(true);
      await runner.stop();
      expect(handed.sort()).to.deep.equal(['eventual:Named', 'eventual:Named', 'in-order:Named', 'in-order:Named']);
      expect(runner.statuses().map((status) => status.position)).to.deep.equal([live.position, live.position]);
      const saved = await store.collection('_checkpoints').find({}, { sort: { _id: 1 } });
      expect(saved.map((checkpoint) => [checkpoint._id, checkpoint.position])).to.deep.equal([
        ['eventual', live.position],
        ['in-order', live.position],
      ]);
    });

    it('skips events at or before its checkpoint after a restart over the same store', async () => {
      const applied: string[] = [];
      const store = newStore();
      const search = new EmbeddedSearchIndex();
      for (let i = 0; i < 5; i++) await appendNamed(eventStore, 's', `n${i}`);
      const first = new ProjectionRunner(eventStore, store, search, [tallyProjection(1, applied)]);
      await first.start();
      await first.stop();
      const second = new ProjectionRunner(eventStore, store, search, [tallyProjection(1, applied)]);
      await second.start();
      await second.stop();
      expect(applied).to.have.length(5);
    });

    it('rebuilds a projection whose version changed, from the start', async () => {
      const store = newStore();
      const search = new EmbeddedSearchIndex();
      for (let i = 0; i < 5; i++) await appendNamed(eventStore, 's', `n${i}`);
      const v1 = new ProjectionRunner(eventStore, store, search, [tallyProjection(1)]);
      await v1.start();
      await v1.stop();
      const applied: string[] = [];
      const v2 = new ProjectionRunner(eventStore, store, search, [tallyProjection(2, applied)]);
      await v2.start();
      expect(applied).to.have.length(5);
      expect((await store.collection('tallies').findOne({ _id: 's' }))?.count).to.equal(5);
      await v2.stop();
    });

    it('rebuild gives the same read models and index as the live ones, while appends continue', async () => {
      const store = newStore();
      const search = new EmbeddedSearchIndex();
      for (let i = 0; i < 300; i++) await appendNamed(eventStore, `s-${i % 7}`, `name ${i}`);
      const runner = new ProjectionRunner(eventStore, store, search, [tallyProjection()]);
      await runner.start();
      const concurrentAppends = (async () => {
        let last = -1;
        for (let i = 0; i < 50; i++) last = await appendNamed(eventStore, `s-${i % 7}`, `during ${i}`);
        return last;
      })();
      await runner.rebuild(['tally']);
      const last = await concurrentAppends;
      expect(await runner.waitFor(last, 10_000)).to.equal(true);
      const afterRebuild = await dumpCollections(store, ['_checkpoints']);
      expect(await store.listCollections()).not.to.include('tallies__rebuild');
      expect(await search.count('names')).to.equal(350);
      const fresh = newStore();
      const replay = new ProjectionRunner(eventStore, fresh, new EmbeddedSearchIndex(), [tallyProjection()]);
      await replay.start();
      expect(afterRebuild).to.deep.equal(await dumpCollections(fresh, ['_checkpoints']));
      expect((afterRebuild.tallies as { count: number }[]).reduce((sum, t) => sum + t.count, 0)).to.equal(350);
      await replay.stop();
      await runner.stop();
    });

    it('a dropped subscription resubscribes after the last event applied, and resumes with nothing lost or doubled', async () => {
      const resubscribed: string[] = [];
      const store = newStore();
      const runner = new ProjectionRunner(
        eventStore,
        store,
        new EmbeddedSearchIndex(),
        [tallyProjection()],
        {
          onResubscribe: (lane) => resubscribed.push(lane),
        },
        { retryBaseMs: 5, retryMaxMs: 20, maxFailures: 3 },
      );
      for (let i = 0; i < 3; i++) await appendNamed(eventStore, 's', `before ${i}`);
      await runner.start();
      await runner.laneNamed('read-your-writes')!.dropSubscription(new Error('connection reset'));
      let last = -1;
      for (let i = 0; i < 4; i++) last = await appendNamed(eventStore, 's', `after ${i}`);
      expect(await runner.waitFor(last, 10_000)).to.equal(true);
      expect(resubscribed).to.deep.equal(['read-your-writes']);
      expect((await store.collection('tallies').findOne({ _id: 's' }))?.count).to.equal(7);
      expect(runner.failed).to.equal(undefined);
      await runner.stop();
    });

    it('a batch whose bulk write fails part way is written again, not applied again: plain increments count once', async function () {
      const store = newStore();
      if (!(store instanceof WriteBehindEmbeddedStore)) return this.skip();
      // Two counters per event, in two collections, by $inc alone: applying an event twice counts twice.
      const counting: Projection = {
        name: 'counting',
        version: 1,
        collections: [{ name: 'first' }, { name: 'second' }],
        async apply(event, target) {
          await target.collection('first').updateOne({ _id: 'n' }, { $inc: { count: 1 } }, { upsert: true });
          await target.collection('second').updateOne({ _id: 'n' }, { $inc: { count: 1 } }, { upsert: true });
        },
      };
      const resubscribed: string[] = [];
      const runner = new ProjectionRunner(
        eventStore,
        store,
        new EmbeddedSearchIndex(),
        [counting],
        { onResubscribe: (lane) => resubscribed.push(lane) },
        {
          retryBaseMs: 5,
          retryMaxMs: 20,
          maxFailures: 3,
        },
      );
      for (let i = 0; i < 3; i++) await appendNamed(eventStore, 's', `before ${i}`);
      await runner.start();
      const written = runner.laneNamed('read-your-writes')!.position;
      store.failNextWriteTo = 'second';
      let last = -1;
      for (let i = 0; i < 4; i++) last = await appendNamed(eventStore, 's', `after ${i}`);
      expect(await runner.waitFor(last, 10_000)).to.equal(true);
      expect(written).to.be.below(last);
      expect(store.failNextWriteTo).to.equal(undefined);
      expect(resubscribed).to.deep.equal(['read-your-writes']);
      expect((await store.collection('first').findOne({ _id: 'n' }))?.count).to.equal(7);
      expect((await store.collection('second').findOne({ _id: 'n' }))?.count).to.equal(7);
      await runner.stop();
      expect((await store.collection('_checkpoints').findOne({ _id: 'counting' }))?.position).to.equal(last);
    });

    it('a projection that keeps failing: the lane retries with backoff, then gives up and reports it as fatal', async () => {
      const fatal: unknown[] = [];
      let attempts = 0;
      const broken: Projection = {
        name: 'broken',
        version: 1,
        collections: [],
        async apply() {
          attempts++;
          throw new Error('cannot apply');
        },
      };
      const runner = new ProjectionRunner(
        eventStore,
        newStore(),
        new EmbeddedSearchIndex(),
        [broken],
        {
          onFatal: (_lane, error) => fatal.push(error),
        },
        { retryBaseMs: 1, retryMaxMs: 4, maxFailures: 3 },
      );
      await runner.start();
      await appendNamed(eventStore, 's', 'poison');
      const deadline = Date.now() + 10_000;
      while (fatal.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(attempts).to.equal(4);
      expect(String(fatal[0])).to.contain('cannot apply');
      expect(String(runner.failed)).to.contain('cannot apply');
      await runner.stop();
    });

    it("an eventual projection's batch-end work runs once per key for a batch of events, before the lane's position moves", async () => {
      // The document of a stream: its names so far, read from the log's count kept here.
      const built: string[] = [];
      const namesIndex = {
        name: 'stream-names',
        settings: { primaryKey: 'id', searchableAttributes: ['names'], filterableAttributes: [], sortableAttributes: [] },
      };
      const seen = new Map<string, string[]>();
      const documents: Projection = {
        name: 'stream-documents',
        version: 1,
        consistency: 'eventual',
        collections: [],
        searchIndexes: [namesIndex],
        async apply(event, target) {
          const names = [...(seen.get(event.streamId) ?? []), (event.data as { name: string }).name];
          seen.set(event.streamId, names);
          await onceThisBatch(target, event.streamId, async (settled) => {
            built.push(event.streamId);
            await settled.search.upsert(settled.searchIndexName('stream-names'), [{ id: event.streamId, names: seen.get(event.streamId)!.join(' ') }]);
          });
        },
      };
      for (let i = 0; i < 40; i++) await appendNamed(eventStore, `s-${i % 2}`, `n${i}`);
      const search = new EmbeddedSearchIndex();
      const runner = new ProjectionRunner(eventStore, newStore(), search, [documents]);
      await runner.start();
      // The catch-up reads the log in batches: two documents built per batch, not one per event.
      expect(built.length).to.be.within(2, 10);
      expect(new Set(built)).to.deep.equal(new Set(['s-0', 's-1']));
      const { hits } = await search.search('stream-names', { q: 'n38' });
      expect(hits.map((hit) => hit.document)).to.deep.equal([{ id: 's-0', names: Array.from({ length: 20 }, (_, i) => `n${2 * i}`).join(' ') }]);
      // Live: the lane's position reaches an event only once the work it held is done.
      const position = await appendNamed(eventStore, 's-1', 'late');
      expect(await runner.waitFor(position, 10_000, ['stream-documents'])).to.equal(true);
      expect((await search.search('stream-names', { q: 'late' })).hits.map((hit) => hit.document.id)).to.deep.equal(['s-1']);
      await runner.stop();
      // Outside a runner's batch (a projection applied on its own) the work is done at once.
      const direct: string[] = [];
      await onceThisBatch(liveTarget(newStore(), search), 'k', async () => void direct.push('done'));
      expect(direct).to.deep.equal(['done']);
    });

    it('read-your-writes waits only for its own lane: a stalled eventual projection lags, visibly, and catches up', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow: Projection = {
        name: 'slow-feed',
        version: 1,
        consistency: 'eventual',
        collections: [{ name: 'feed' }],
        async apply(event, target) {
          await gate;
          await target.collection('feed').replaceOne({ _id: event.id }, { _id: event.id }, { upsert: true });
        },
      };
      const store = newStore();
      const runner = new ProjectionRunner(eventStore, store, new EmbeddedSearchIndex(), [tallyProjection(), slow]);
      await runner.start();
      const position = await appendNamed(eventStore, 's', 'one');
      expect(await runner.waitFor(position, 10_000)).to.equal(true);
      expect((await store.collection('tallies').findOne({ _id: 's' }))?.count).to.equal(1);
      expect(runner.statuses().find((status) => status.name === 'slow-feed')).to.deep.include({ lane: 'slow-feed', readYourWrites: false, position: -1 });
      expect(runner.processedPosition).to.equal(-1);
      release();
      expect(await runner.waitForAll(position, 10_000)).to.equal(true);
      expect(await store.collection('feed').count({})).to.equal(1);
      expect(runner.statuses().find((status) => status.name === 'slow-feed')?.position).to.equal(position);
      await runner.stop();
    });
  });
}
