import type { AppendResult, EventStore, EventToAppend, ExpectedRevision } from '../../application/shared/ports/eventStore.port.js';
import { DelegatingEventStore } from './delegatingEventStore.js';

// Runs a spec's step once, right before the first append of an event type: another writer
// gets there first, so the held command loses the race and is decided again.
export class InterposingEventStore extends DelegatingEventStore {
  private interposed: { type: string; step: () => Promise<void> } | null = null;

  // The log itself, as a writer in another API process reaches it (commands on one stream
  // take turns within a process, so the race is with another one).
  get otherProcess(): EventStore {
    return this.inner;
  }

  before(type: string, step: () => Promise<void>): void {
    this.interposed = { type, step };
  }

  override async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const interposed = this.interposed;
    if (interposed && events.some((event) => event.type === interposed.type)) {
      this.interposed = null;
      await interposed.step();
    }
    return this.inner.append(streamId, events, expected);
  }
}
