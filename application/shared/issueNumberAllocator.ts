import type { Clock } from './ports/clock.port.js';
import type { EventStore } from './ports/eventStore.port.js';
import { lastReservedBlock, reserveIdBlock, type ReservedBlock } from './idBlockReservation.js';

// Issues and pull requests share one number sequence per repository, as on GitHub. Numbers
// stay dense across restarts because none is reserved ahead of a caller: the callers waiting
// when a reservation starts get one block of exactly their count, in one append, so sixteen
// simultaneous issues cost one durable write, not sixteen in a row.
export interface IssueNumberAllocator {
  next(repositoryId: number): Promise<number>;
}

const KEPT_SEQUENCES = 10_000;

interface Waiter {
  readonly resolve: (number: number) => void;
  readonly reject: (error: unknown) => void;
}

export class EventSourcedIssueNumberAllocator implements IssueNumberAllocator {
  private readonly waiting = new Map<number, Waiter[]>();
  private readonly reserving = new Set<number>();
  // Per sequence stream, the last block reserved here and its revision.
  private readonly lastReserved = new Map<string, ReservedBlock>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly clock: Clock,
  ) {}

  next(repositoryId: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(repositoryId) ?? [];
      queue.push({ resolve, reject });
      this.waiting.set(repositoryId, queue);
      if (!this.reserving.has(repositoryId)) void this.serve(repositoryId);
    });
  }

  private async serve(repositoryId: number): Promise<void> {
    this.reserving.add(repositoryId);
    try {
      for (;;) {
        const waiters = this.waiting.get(repositoryId) ?? [];
        this.waiting.delete(repositoryId);
        if (waiters.length === 0) return;
        try {
          const from = await this.reserve(`sequence-issue-number-${repositoryId}`, waiters.length);
          waiters.forEach((waiter, i) => waiter.resolve(from + i));
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.reserving.delete(repositoryId);
    }
  }

  // The same IdBlockReserved events the id sequences use, appended at the revision read, so
  // another process drawing numbers for the same repository is never given the same ones.
  // The last block this process reserved is kept, so a reservation is one append, not a read
  // and an append; a refused append (another process reserved meanwhile) reads the stream again.
  private async reserve(streamId: string, count: number): Promise<number> {
    for (;;) {
      const last = this.lastReserved.get(streamId) ?? (await lastReservedBlock(this.eventStore, streamId));
      const reserved = await reserveIdBlock(this.eventStore, this.clock, streamId, last, count);
      if (reserved) {
        this.keep(streamId, { to: reserved.to, revision: reserved.revision });
        return reserved.from;
      }
      this.lastReserved.delete(streamId);
    }
  }

  // The most recently used repositories' blocks are kept; past 10,000 the oldest is read again when next used.
  private keep(streamId: string, block: ReservedBlock): void {
    this.lastReserved.delete(streamId);
    this.lastReserved.set(streamId, block);
    if (this.lastReserved.size > KEPT_SEQUENCES) this.lastReserved.delete(this.lastReserved.keys().next().value!);
  }
}
