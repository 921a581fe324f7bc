import { expect } from 'chai';
import type { EventStore } from '../../../application/shared/ports/eventStore.port.js';
import { collect, expectAppended, expectStrictlyIncreasing, idsOf, newEvents, revisionsOf, uniqueStream } from './eventStoreFixtures.js';
import { describeSubscriptionContract } from './eventStoreSubscriptions.contract.js';

export interface EventStoreUnderTest {
  readonly store: EventStore;
  cleanup(): Promise<void>;
  // Closes the store and opens a new one over the same data (where the adapter can).
  reopen?(): Promise<EventStore>;
}

export type EventStoreFactory = () => Promise<EventStoreUnderTest>;

export function describeEventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`EventStore contract: ${name}`, function () {
    let subject: EventStoreUnderTest;
    let store: EventStore;

    beforeEach(async function () {
      subject = await factory();
      store = subject.store;
    });

    afterEach(async function () {
      await subject?.cleanup();
    });

    async function streamWith(count: number): Promise<{ streamId: string; ids: string[] }> {
      const streamId = uniqueStream();
      const events = newEvents(count);
      expectAppended(await store.append(streamId, events, 'no_stream'));
      return { streamId, ids: idsOf(events) };
    }

    it('appends to a new stream with no_stream and reads the events back as written', async function () {
      const streamId = uniqueStream();
      const events = newEvents(3);
      const result = expectAppended(await store.append(streamId, events, 'no_stream'));
      const stored = await store.readStream(streamId);
      expect(result.nextRevision).to.equal(2);
      expect(stored.map(({ id, streamId, revision, type, data, metadata }) => ({ id, streamId, revision, type, data, metadata }))).to.deep.equal(
        events.map((event, revision) => ({ ...event, streamId, revision })),
      );
      expectStrictlyIncreasing(stored.map((event) => event.position));
      // The last event's: read-your-writes waits for the read models to reach this position.
      expect(result.position).to.equal(stored[2]!.position);
      for (const event of stored) expect(new Date(event.recordedAt).toISOString()).to.equal(event.recordedAt);
    });

    it('answers no_stream on an existing stream with a conflict value and writes nothing', async function () {
      const { streamId, ids } = await streamWith(2);
      const result = await store.append(streamId, newEvents(1), 'no_stream');
      expect(result).to.deep.equal({ outcome: 'conflict', streamId, expected: 'no_stream', actual: 1 });
      expect(idsOf(await store.readStream(streamId))).to.deep.equal(ids);
    });

    it('stream_exists conflicts on a missing stream and appends to an existing one', async function () {
      const missing = uniqueStream();
      expect(await store.append(missing, newEvents(1), 'stream_exists')).to.deep.equal({
        outcome: 'conflict',
        streamId: missing,
        expected: 'stream_exists',
        actual: 'no_stream',
      });
      expect(await store.readStream(missing)).to.deep.equal([]);
      const { streamId } = await streamWith(1);
      expect(expectAppended(await store.append(streamId, newEvents(2), 'stream_exists')).nextRevision).to.equal(2);
    });

    it('any appends whether or not the stream exists', async function () {
      const streamId = uniqueStream();
      expect(expectAppended(await store.append(streamId, newEvents(1), 'any')).nextRevision).to.equal(0);
      expect(expectAppended(await store.append(streamId, newEvents(2), 'any')).nextRevision).to.equal(2);
      expect(revisionsOf(await store.readStream(streamId))).to.deep.equal([0, 1, 2]);
    });

    it('a revision number must equal the revision of the last event', async function () {
      const { streamId } = await streamWith(3);
      expect(expectAppended(await store.append(streamId, newEvents(1), 2)).nextRevision).to.equal(3);
      expect(await store.append(streamId, newEvents(1), 2)).to.deep.equal({ outcome: 'conflict', streamId, expected: 2, actual: 3 });
      expect(await store.append(streamId, newEvents(1), 7)).to.deep.equal({ outcome: 'conflict', streamId, expected: 7, actual: 3 });
      const missing = uniqueStream();
      expect(await store.append(missing, newEvents(1), 0)).to.deep.equal({ outcome: 'conflict', streamId: missing, expected: 0, actual: 'no_stream' });
      expect(revisionsOf(await store.readStream(streamId))).to.deep.equal([0, 1, 2, 3]);
    });

    it('retrying an append with the same event ids returns success and writes nothing', async function () {
      const streamId = uniqueStream();
      const first = newEvents(2);
      const second = newEvents(2);
      const firstResult = expectAppended(await store.append(streamId, first, 'no_stream'));
      const secondResult = expectAppended(await store.append(streamId, second, 1));
      expect(expectAppended(await store.append(streamId, first, 'no_stream')).nextRevision).to.equal(firstResult.nextRevision);
      expect(expectAppended(await store.append(streamId, second, 1)).nextRevision).to.equal(secondResult.nextRevision);
      expect(expectAppended(await store.append(streamId, second, 'any')).nextRevision).to.equal(secondResult.nextRevision);
      expect(idsOf(await store.readStream(streamId))).to.deep.equal(idsOf([...first, ...second]));
    });

    it('exactly one of 50 concurrent appends with the same expected revision wins; the others get conflicts', async function () {
      const { streamId } = await streamWith(1);
      const results = await Promise.all(Array.from({ length: 50 }, () => store.append(streamId, newEvents(1), 0)));
      const winners = results.filter((result) => result.outcome === 'appended');
      const conflicts = results.filter((result) => result.outcome === 'conflict');
      expect(winners).to.have.length(1);
      expect(conflicts).to.have.length(49);
      for (const conflict of conflicts) expect(conflict).to.deep.equal({ outcome: 'conflict', streamId, expected: 0, actual: 1 });
      expect(revisionsOf(await store.readStream(streamId))).to.deep.equal([0, 1]);
    });

    it('reads forwards from a revision with maxCount', async function () {
      const { streamId, ids } = await streamWith(6);
      expect(idsOf(await store.readStream(streamId, { fromRevision: 2, maxCount: 3 }))).to.deep.equal(ids.slice(2, 5));
      expect(idsOf(await store.readStream(streamId, { direction: 'forwards', fromRevision: 4, maxCount: 10 }))).to.deep.equal(ids.slice(4));
      expect(await store.readStream(streamId, { fromRevision: 6 })).to.deep.equal([]);
      expect(idsOf(await store.readStream(streamId, { maxCount: 2 }))).to.deep.equal(ids.slice(0, 2));
    });

    it('reads backwards from the end or from a revision with maxCount', async function () {
      const { streamId, ids } = await streamWith(6);
      const reversed = [...ids].reverse();
      expect(idsOf(await store.readStream(streamId, { direction: 'backwards' }))).to.deep.equal(reversed);
      expect(revisionsOf(await store.readStream(streamId, { direction: 'backwards', fromRevision: 3, maxCount: 2 }))).to.deep.equal([3, 2]);
      expect(revisionsOf(await store.readStream(streamId, { direction: 'backwards', maxCount: 1 }))).to.deep.equal([5]);
      expect(revisionsOf(await store.readStream(streamId, { direction: 'backwards', fromRevision: 1 }))).to.deep.equal([1, 0]);
    });

    it('reads an absent stream as empty in both directions', async function () {
      const missing = uniqueStream();
      expect(await store.readStream(missing)).to.deep.equal([]);
      expect(await store.readStream(missing, { direction: 'backwards', maxCount: 5 })).to.deep.equal([]);
    });

    it('readAll yields events strictly after a position, in log order, up to maxCount', async function () {
      const { streamId, ids } = await streamWith(5);
      const positions = (await store.readStream(streamId)).map((event) => event.position);
      expect(idsOf(await collect(store.readAll({ after: positions[1]!, maxCount: 2 })))).to.deep.equal(ids.slice(2, 4));
      const rest = await collect(store.readAll({ after: positions[0]! }));
      expect(idsOf(rest.filter((event) => event.streamId === streamId))).to.deep.equal(ids.slice(1));
      expectStrictlyIncreasing(rest.map((event) => event.position));
      expect(rest.every((event) => !event.streamId.startsWith('$') && !event.type.startsWith('$'))).to.equal(true);
    });

    it('readAll without a position starts at the beginning of the log', async function () {
      const { streamId } = await streamWith(1);
      const [ours] = await store.readStream(streamId);
      const [first] = await collect(store.readAll({ maxCount: 1 }));
      expect(first!.position).to.be.at.most(ours!.position);
    });

    it('headPosition is the position of the last acknowledged event', async function () {
      const { streamId } = await streamWith(3);
      const last = (await store.readStream(streamId, { direction: 'backwards', maxCount: 1 }))[0]!;
      expect(await store.headPosition()).to.be.at.least(last.position);
      const result = expectAppended(await store.append(streamId, newEvents(1), 2));
      expect(await store.headPosition()).to.be.at.least(result.position);
    });

    it('events survive closing and reopening the store', async function () {
      if (!subject.reopen) this.skip();
      const { streamId, ids } = await streamWith(3);
      const head = await store.headPosition();
      store = await subject.reopen!();
      expect(idsOf(await store.readStream(streamId))).to.deep.equal(ids);
      expect(await store.headPosition()).to.be.at.least(head);
      expect(expectAppended(await store.append(streamId, newEvents(1), 2)).nextRevision).to.equal(3);
      expect(await store.append(streamId, newEvents(1), 2)).to.deep.include({ outcome: 'conflict', actual: 3 });
    });

    describeSubscriptionContract(() => store);
  });
}
