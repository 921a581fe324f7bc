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

export class InjectedFault extends Error {
  constructor(streamId: string) {
    super(`injected fault: append to ${streamId}`);
    this.name = 'InjectedFault';
  }
}

// An event store that fails on cue, for crash specs. `failOnce` fails one append to a
// matching stream (a command that fails); `crashAt` fails it and every append after it, as
// a process that died there would write nothing more.
export class FaultyEventStore implements EventStore {
  private trigger: { pattern: RegExp; crash: boolean; afterAppending?: boolean; eventType?: string } | undefined;
  private dead = false;

  constructor(private readonly inner: EventStore) {}

  failOnce(pattern: RegExp): void {
    this.trigger = { pattern, crash: false };
  }

  // With an event type, only an append holding an event of that type.
  crashAt(pattern: RegExp, eventType?: string): void {
    this.trigger = { pattern, crash: true, ...(eventType ? { eventType } : {}) };
  }

  isDead(): boolean {
    return this.dead;
  }

  // The append is made (durable), then the process "dies": nothing after it is written.
  // With an event type, only an append holding an event of that type.
  crashAfter(pattern: RegExp, eventType?: string): void {
    this.trigger = { pattern, crash: true, afterAppending: true, ...(eventType ? { eventType } : {}) };
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.dead) throw new InjectedFault(streamId);
    if (this.trigger?.pattern.test(streamId) && (this.trigger.eventType === undefined || events.some((event) => event.type === this.trigger!.eventType))) {
      const trigger = this.trigger;
      this.trigger = undefined;
      // Dead from here on: a dead process neither writes nor hears of what it wrote.
      this.dead = trigger.crash;
      if (trigger.afterAppending) await this.inner.append(streamId, events, expected);
      throw new InjectedFault(streamId);
    }
    return this.inner.append(streamId, events, expected);
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    return this.inner.readAll(options);
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    return this.inner.subscribeToAll({ ...options, onEvent: (event) => (this.dead ? Promise.resolve() : options.onEvent(event)) });
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
