import type {
  AllSubscription,
  AppendResult,
  EventStore,
  EventStoreStatistics,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeToAllOptions,
} from '../../application/shared/ports/eventStore.port.js';

// An event store that passes everything to another: spec doubles override what they change.
export class DelegatingEventStore implements EventStore {
  constructor(protected readonly inner: EventStore) {}

  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, events, expected);
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    return this.inner.readAll(options);
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    return this.inner.subscribeToAll(options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  statistics(): EventStoreStatistics {
    return this.inner.statistics();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
