import type { AppendResult, EventToAppend, ExpectedRevision } from '../../application/shared/ports/eventStore.port.js';
import { DelegatingEventStore } from './delegatingEventStore.js';

// An event store that holds appends of chosen event types until the spec opens their gate:
// a background process stops right before that fact, so a spec can look at the state before
// it (no timing involved). Appends of other types pass at once.
export class GatedEventStore extends DelegatingEventStore {
  private readonly gates = new Map<string, { open: Promise<void>; release: () => void }>();
  private readonly arrivals = new Map<string, (streamId: string) => void>();

  hold(types: readonly string[]): void {
    for (const type of types) {
      let release!: () => void;
      const open = new Promise<void>((resolve) => (release = resolve));
      this.gates.set(type, { open, release });
    }
  }

  // Holds the type, and says when an append of it has reached the gate, and on which stream: a
  // request stopped there while the spec does something else.
  holdAndNotice(type: string): Promise<string> {
    this.hold([type]);
    return new Promise<string>((resolve) => this.arrivals.set(type, resolve));
  }

  release(type: string): void {
    this.gates.get(type)?.release();
    this.gates.delete(type);
  }

  releaseAll(): void {
    for (const type of [...this.gates.keys()]) this.release(type);
  }

  override async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    for (const event of events) this.arrivals.get(event.type)?.(streamId);
    for (const event of events) {
      const gate = this.gates.get(event.type);
      if (gate) await gate.open;
    }
    return this.inner.append(streamId, events, expected);
  }
}
