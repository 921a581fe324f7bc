import { expect } from 'chai';
import type { AllSubscription, EventStore, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import { expectAppended, idsOf, newEvents, revisionsOf, uniqueStream, waitUntil } from './eventStoreFixtures.js';

// Part of describeEventStoreContract: catch-up subscriptions to the whole log.
export function describeSubscriptionContract(currentStore: () => EventStore): void {
  describe('subscribeToAll', function () {
    const open: AllSubscription[] = [];

    afterEach(async function () {
      await Promise.allSettled(open.splice(0).map((subscription) => subscription.close()));
    });

    // A position just before the stream's first event, found without assuming dense positions.
    async function markPosition(): Promise<number> {
      return expectAppended(await currentStore().append(uniqueStream('marker'), newEvents(1, 'Marked'), 'no_stream')).position;
    }

    function subscribe(after: number, streamId: string, handle?: (event: StoredEvent) => Promise<void>) {
      const received: StoredEvent[] = [];
      const errors: unknown[] = [];
      let inHandler = 0;
      let overlapped = false;
      const subscription = currentStore().subscribeToAll({
        after,
        onEvent: async (event) => {
          overlapped ||= inHandler > 0;
          inHandler++;
          try {
            if (event.streamId === streamId) received.push(event);
            await handle?.(event);
          } finally {
            inHandler--;
          }
        },
        onError: (error) => errors.push(error),
      });
      open.push(subscription);
      return { subscription, received, errors, overlapped: () => overlapped };
    }

    it('catches up from a position, then delivers live events, in order and once each', async function () {
      const store = currentStore();
      const marker = await markPosition();
      const streamId = uniqueStream();
      const history = newEvents(3);
      expectAppended(await store.append(streamId, history, 'no_stream'));
      const { received, errors } = subscribe(marker, streamId);
      await waitUntil(() => received.length === 3, 'history is delivered');
      const live = newEvents(2);
      expectAppended(await store.append(streamId, live, 2));
      await waitUntil(() => received.length === 5, 'live events are delivered');
      expect(idsOf(received)).to.deep.equal(idsOf([...history, ...live]));
      expect(revisionsOf(received)).to.deep.equal([0, 1, 2, 3, 4]);
      expect(errors).to.deep.equal([]);
    });

    it('resumes after an event in the middle of one append with the rest of that append', async function () {
      // A checkpoint can fall inside an append (a lane stops part way through a batch); on
      // EventStoreDB each event of an append has a commit position of its own.
      const store = currentStore();
      const streamId = uniqueStream();
      const events = newEvents(3);
      expectAppended(await store.append(streamId, events, 'no_stream'));
      const [, second] = await store.readStream(streamId);
      const { received, errors } = subscribe(second!.position, streamId);
      expectAppended(await store.append(streamId, newEvents(1), 2));
      await waitUntil(() => received.length === 2, 'the third event and the next append are delivered');
      expect(revisionsOf(received)).to.deep.equal([2, 3]);
      expect(received[0]!.id).to.equal(events[2]!.id);
      expect(errors).to.deep.equal([]);
    });

    it('has no gaps or duplicates when events arrive while it is catching up', async function () {
      const store = currentStore();
      const marker = await markPosition();
      const streamId = uniqueStream();
      let revision = -1;
      const appendBatches = async (batches: number, size: number) => {
        for (let i = 0; i < batches; i++) {
          const expected = revision < 0 ? 'no_stream' : revision;
          revision = expectAppended(await store.append(streamId, newEvents(size), expected)).nextRevision;
        }
      };
      await appendBatches(20, 10);
      const slowly = () => new Promise<void>((resolve) => setImmediate(resolve));
      const { received, errors, overlapped } = subscribe(marker, streamId, slowly);
      await appendBatches(20, 5);
      await waitUntil(() => received.length === 300, 'all 300 events are delivered');
      expect(revisionsOf(received)).to.deep.equal(Array.from({ length: 300 }, (_, i) => i));
      expect(overlapped(), 'a handler ran while another was pending').to.equal(false);
      expect(errors).to.deep.equal([]);
    });

    it('delivers nothing more once closed', async function () {
      const store = currentStore();
      const marker = await markPosition();
      const streamId = uniqueStream();
      const closing = subscribe(marker, streamId);
      const watching = subscribe(marker, streamId);
      expectAppended(await store.append(streamId, newEvents(1), 'no_stream'));
      await waitUntil(() => closing.received.length === 1 && watching.received.length === 1, 'both see the first event');
      await closing.subscription.close();
      expectAppended(await store.append(streamId, newEvents(1), 0));
      await waitUntil(() => watching.received.length === 2, 'the open subscription sees the second event');
      expect(closing.received).to.have.length(1);
    });

    it('reports a failing handler through onError and stops delivering', async function () {
      const store = currentStore();
      const marker = await markPosition();
      const streamId = uniqueStream();
      const failure = new Error('projection failed');
      const failing = subscribe(marker, streamId, async (event) => {
        if (event.streamId === streamId) throw failure;
      });
      const watching = subscribe(marker, streamId);
      expectAppended(await store.append(streamId, newEvents(1), 'no_stream'));
      await waitUntil(() => failing.errors.length === 1, 'the failure is reported');
      expect(failing.errors[0]).to.equal(failure);
      expectAppended(await store.append(streamId, newEvents(1), 0));
      await waitUntil(() => watching.received.length === 2, 'the healthy subscription sees both events');
      expect(failing.received).to.have.length(1);
      expect(failing.errors).to.have.length(1);
    });
  });
}
