import type { AllStreamResolvedEvent } from '@eventstore/db-client';
import type { SubscribeToAllOptions } from '../../../application/shared/ports/eventStore.port.js';
import { isSystemEvent, toStoredEvent } from './eventStoreDbMapping.js';

// What delivery needs of the client's AllStreamSubscription (a fake stands in for it in specs).
export interface DeliveredSubscription extends AsyncIterable<AllStreamResolvedEvent> {
  unsubscribe(): Promise<void>;
}

// A subscription to $all never ends by itself: an end the caller did not ask for is a drop
// (a server or a proxy closing the call cleanly), reported as one so the subscriber resubscribes.
export class SubscriptionEndedError extends Error {
  constructor() {
    super('the subscription to $all ended without being closed');
    this.name = 'SubscriptionEndedError';
  }
}

// Handler calls are awaited one at a time; resolves with the error that stopped delivery, if any.
export async function deliver(subscription: DeliveredSubscription, options: SubscribeToAllOptions, isClosed: () => boolean): Promise<unknown> {
  const after = options.after ?? -1;
  try {
    for await (const resolved of subscription) {
      if (isClosed()) return undefined;
      const event = resolved.event;
      if (!event || isSystemEvent(event) || Number(event.position.commit) <= after) continue;
      await options.onEvent(toStoredEvent(event));
    }
    if (isClosed()) return undefined;
    throw new SubscriptionEndedError();
  } catch (error) {
    if (isClosed()) return undefined;
    await subscription.unsubscribe();
    options.onError?.(error);
    return error;
  }
}
