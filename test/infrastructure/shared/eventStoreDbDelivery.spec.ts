import { expect } from 'chai';
import type { AllStreamResolvedEvent } from '@eventstore/db-client';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import { deliver, SubscriptionEndedError, type DeliveredSubscription } from '../../../infrastructure/shared/eventStore/eventStoreDbDelivery.js';
import { newEvents } from './eventStoreFixtures.js';

// The client's subscription as delivery sees it: the events the server sent, then an end
// (or a failure); no server needed.
function fakeSubscription(commits: readonly number[], failure?: Error): DeliveredSubscription & { unsubscribed: boolean } {
  const events = newEvents(commits.length);
  const resolved: AllStreamResolvedEvent[] = commits.map((commit, index) => ({
    event: {
      streamId: 'stream-1',
      id: events[index]!.id,
      isJson: true,
      revision: BigInt(index),
      type: events[index]!.type,
      created: new Date(0),
      data: events[index]!.data,
      metadata: events[index]!.metadata,
      position: { commit: BigInt(commit), prepare: BigInt(commit) },
    } as unknown as AllStreamResolvedEvent['event'],
  }));
  const subscription = {
    unsubscribed: false,
    async unsubscribe() {
      subscription.unsubscribed = true;
    },
    async *[Symbol.asyncIterator]() {
      yield* resolved;
      if (failure) throw failure;
    },
  };
  return subscription;
}

describe('EventStoreDB subscription delivery', function () {
  it('delivers the events after the position, in order', async function () {
    const received: StoredEvent[] = [];
    const closedOnceBothArrive = () => received.length === 2;
    const subscription = fakeSubscription([100, 200, 300]);
    const failure = await deliver(subscription, { after: 100, onEvent: (event) => void received.push(event), onError: () => {} }, closedOnceBothArrive);
    expect(received.map((event) => event.position)).to.deep.equal([200, 300]);
    expect(failure).to.equal(undefined);
  });

  it('reports a subscription the server ended cleanly as a drop, so the subscriber resubscribes', async function () {
    const errors: unknown[] = [];
    const subscription = fakeSubscription([100, 200]);
    const failure = await deliver(subscription, { onEvent: () => {}, onError: (error) => errors.push(error) }, () => false);
    expect(failure).to.be.instanceOf(SubscriptionEndedError);
    expect(errors).to.deep.equal([failure]);
    expect(subscription.unsubscribed).to.equal(true);
  });

  it('reports a failed subscription once', async function () {
    const errors: unknown[] = [];
    const dropped = new Error('14 UNAVAILABLE: Connection dropped');
    const failure = await deliver(fakeSubscription([100], dropped), { onEvent: () => {}, onError: (error) => errors.push(error) }, () => false);
    expect(failure).to.equal(dropped);
    expect(errors).to.deep.equal([dropped]);
  });

  it('says nothing when it ends because it was closed', async function () {
    const errors: unknown[] = [];
    let closed = false;
    const failure = await deliver(
      fakeSubscription([100, 200]),
      {
        onEvent: () => {
          closed = true;
        },
        onError: (error) => errors.push(error),
      },
      () => closed,
    );
    expect(failure).to.equal(undefined);
    expect(errors).to.deep.equal([]);
  });
});
