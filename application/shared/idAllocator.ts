import type { EventStore } from './ports/eventStore.port.js';
import type { Clock } from './ports/clock.port.js';
import { GHOST_ACCOUNT_ID } from '../../domain/accounts/ghost.js';
import { lastReservedBlock, reserveIdBlock } from './idBlockReservation.js';

// Ids no allocation hands out, by category: the ghost account's (domain/accounts/ghost.ts),
// in the sequence users and organizations share.
const RESERVED_IDS: ReadonlyMap<string, ReadonlySet<number>> = new Map([['user', new Set([GHOST_ACCOUNT_ID])]]);

export interface IdAllocator {
  next(category: string): Promise<number>;
}

interface Block {
  next: number;
  last: number;
}

// GitHub's integer ids come from a per-category sequence stream. Each process reserves a
// block with an optimistic append, so ids stay unique across processes on either event
// store family, and the id is then written into the creating event (replay never re-decides it).
export class EventSourcedIdAllocator implements IdAllocator {
  private readonly blocks = new Map<string, Block>();
  private readonly refills = new Map<string, Promise<void>>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly clock: Clock,
    private readonly blockSize = 10,
  ) {}

  async next(category: string): Promise<number> {
    for (;;) {
      const block = this.blocks.get(category);
      if (block && block.next <= block.last) {
        const id = block.next++;
        if (RESERVED_IDS.get(category)?.has(id)) continue;
        return id;
      }
      let refill = this.refills.get(category);
      if (!refill) {
        refill = this.reserveBlock(category).finally(() => this.refills.delete(category));
        this.refills.set(category, refill);
      }
      await refill;
    }
  }

  private async reserveBlock(category: string): Promise<void> {
    const streamId = `sequence-${category}`;
    for (;;) {
      const reserved = await reserveIdBlock(this.eventStore, this.clock, streamId, await lastReservedBlock(this.eventStore, streamId), this.blockSize);
      if (reserved) {
        this.blocks.set(category, { next: reserved.from, last: reserved.to });
        return;
      }
    }
  }
}
