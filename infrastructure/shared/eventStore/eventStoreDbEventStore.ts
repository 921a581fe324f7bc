import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type {
  EventStoreStatistics,
  AllSubscription,
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeToAllOptions,
} from '../../../application/shared/ports/eventStore.port.js';
import { deliver } from './eventStoreDbDelivery.js';
import { conflictOf, isSystemEvent, toAppendExpectedRevision, toEventData, toLogPosition, toReadPosition, toStoredEvent } from './eventStoreDbMapping.js';

// The EventStore port on EventStoreDB. Positions are EventStoreDB commit positions: strictly increasing
// but NOT dense (they are byte offsets in the transaction log), so never derive one from another by
// adding 1; only compare them and pass them back as `after`.
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<AllSubscription>();
  private readonly counted = { appends: 0, events: 0 };

  // A connection string, or a client already made (specs hand in a fake one).
  constructor(connection: string | EventStoreDBClient) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toAppendExpectedRevision(expected),
      });
      // success is false only when the connection string sets throwOnAppendFailure=false. Its
      // nextExpectedRevision is then not the stream's (the client's batch append, used by servers
      // from 21.10, gives BigInt(hasCurrentStreamRevision()): 1 or -1), so the stream is asked.
      if (!result.success) return conflictOf(streamId, expected, await this.lastRevision(streamId));
      const position = toLogPosition(result.position);
      this.counted.appends++;
      this.counted.events += events.length;
      return { outcome: 'appended', nextRevision: Number(result.nextExpectedRevision), position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return conflictOf(streamId, expected, error.actualVersion);
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const backwards = options.direction === 'backwards';
    const defaultStart = backwards ? END : START;
    const events: StoredEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision === undefined ? defaultStart : BigInt(options.fromRevision),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) if (resolved.event) events.push(toStoredEvent(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  private async lastRevision(streamId: string): Promise<bigint> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return last === undefined ? -1n : BigInt(last.revision);
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    return { [Symbol.asyncIterator]: () => this.readUserEvents(options) };
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    const after = options.after;
    const subscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: excludeSystemEvents(),
    });
    let closed = false;
    const delivering = deliver(subscription, options, () => closed);
    const handle: AllSubscription = {
      close: async () => {
        closed = true;
        this.subscriptions.delete(handle);
        await subscription.unsubscribe();
        subscription.destroy();
        const failure = await delivering;
        if (failure !== undefined && !options.onError) throw failure;
      },
    };
    this.subscriptions.add(handle);
    return handle;
  }

  statistics(): EventStoreStatistics {
    return { ...this.counted };
  }

  // The last application event: system events after it do not count.
  async headPosition(): Promise<number> {
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    try {
      for await (const resolved of read) {
        if (resolved.event && !isSystemEvent(resolved.event)) return Number(resolved.event.position.commit);
      }
      return -1;
    } finally {
      await read.cancel();
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  // Reading $all from a position may include the event at it; `after` is exclusive, so it is skipped.
  private async *readUserEvents(options: ReadAllOptions): AsyncGenerator<StoredEvent> {
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (maxCount <= 0) return;
    const after = options.after ?? -1;
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: toReadPosition(options.after),
    });
    let yielded = 0;
    try {
      for await (const resolved of read) {
        const event = resolved.event;
        if (!event || isSystemEvent(event) || Number(event.position.commit) <= after) continue;
        yield toStoredEvent(event);
        if (++yielded >= maxCount) return;
      }
    } finally {
      await read.cancel();
    }
  }
}
