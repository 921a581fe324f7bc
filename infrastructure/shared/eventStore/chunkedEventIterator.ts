import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';

export type ReadChunk = (after: number, maxCount: number) => Promise<StoredEvent[]>;

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

// Replay reads the log a chunk at a time; events within a chunk are handed out as already-resolved
// promises, without the per-event bookkeeping of an async generator.
export class ChunkedEventIterator implements AsyncIterableIterator<StoredEvent> {
  private chunk: StoredEvent[] = [];
  private index = 0;
  private refilling: Promise<IteratorResult<StoredEvent>> | undefined;
  private finished = false;

  constructor(
    private readonly readChunk: ReadChunk,
    private last: number,
    private remaining: number,
  ) {}

  next(): Promise<IteratorResult<StoredEvent>> {
    if (this.index < this.chunk.length) return Promise.resolve({ done: false, value: this.chunk[this.index++]! });
    if (this.refilling) return this.refilling.then(() => this.next());
    if (this.finished || this.remaining <= 0) return Promise.resolve(DONE);
    this.refilling = this.refill();
    return this.refilling;
  }

  return(): Promise<IteratorResult<StoredEvent>> {
    this.finished = true;
    this.chunk = [];
    return Promise.resolve(DONE);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<StoredEvent> {
    return this;
  }

  private async refill(): Promise<IteratorResult<StoredEvent>> {
    try {
      const chunk = await this.readChunk(this.last, this.remaining);
      if (chunk.length === 0 || this.finished) {
        this.finished = true;
        return DONE;
      }
      this.chunk = chunk;
      this.index = 1;
      this.last = chunk[chunk.length - 1]!.position;
      this.remaining -= chunk.length;
      return { done: false, value: chunk[0]! };
    } finally {
      this.refilling = undefined;
    }
  }
}
