import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';

// Chunks kept for subscribers still behind; a replay's lanes stay within a few chunks of each
// other (the eventual ones wait for the read-your-writes lane), so a few dozen cover them.
const KEPT_CHUNKS = 32;

interface KeptChunk {
  readonly head: number;
  readonly events: Promise<StoredEvent[]>;
}

export type ChunkRead = (after: number, maxCount: number, head: number) => Promise<StoredEvent[]>;

// Catch-up reads shared by every subscription: each projection lane subscribes on its own, and
// during a replay they all read the same chunks of the log, one after another. Decoding each
// once for all of them (as live events are parsed once for all subscribers) removes most of a
// replay's reading. Events are shared, never changed, by their receivers.
export class SharedChunkReads {
  private readonly kept = new Map<string, KeptChunk>();

  constructor(private readonly read: ChunkRead) {}

  async readChunk(after: number, maxCount: number, head: number): Promise<StoredEvent[]> {
    const key = `${after}:${maxCount}`;
    const kept = this.kept.get(key);
    if (kept !== undefined && (kept.head === head || (await this.endsBefore(kept)))) return kept.events;
    const events = this.read(after, maxCount, head);
    this.keep(key, { head, events });
    // A failed read is not kept: the next subscriber to ask reads again.
    events.catch(() => {
      if (this.kept.get(key)?.events === events) this.kept.delete(key);
    });
    return events;
  }

  // A chunk that stopped before the head it was read at (at its count, its byte budget or the
  // end of a segment) is the same whatever the head: only one cut short by the head changes.
  private async endsBefore(kept: KeptChunk): Promise<boolean> {
    const events = await kept.events.catch(() => []);
    return events.length > 0 && events[events.length - 1]!.position < kept.head;
  }

  private keep(key: string, chunk: KeptChunk): void {
    this.kept.delete(key);
    this.kept.set(key, chunk);
    if (this.kept.size > KEPT_CHUNKS) this.kept.delete(this.kept.keys().next().value!);
  }
}
