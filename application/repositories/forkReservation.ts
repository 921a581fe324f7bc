import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

export const forkReservationStream = (parentId: number, ownerId: number): string => `fork-${parentId}-${ownerId}`;

// A reservation older than this was left by a process that stopped mid-fork: taken over.
const STALE_AFTER_MS = 60_000;

export type ForkClaim = { readonly claimed: true; readonly revision: number } | { readonly claimed: false };

// One fork per repository and owner even under simultaneous requests, whatever process
// takes them: the fork is created only by whoever appends ForkReserved with the revision it
// read (compare-and-swap on the log); the others wait for that fork. The holder releases
// the reservation when its fork exists, so a later fork after a deletion is possible again.
@injectable()
export class ForkReservations {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async claim(parentId: number, ownerId: number, context: CommandContext): Promise<ForkClaim> {
    const streamId = forkReservationStream(parentId, ownerId);
    const [last] = await this.eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const held = last?.type === 'ForkReserved' && this.clock.now().getTime() - Date.parse(last.metadata.occurredAt) < STALE_AFTER_MS;
    if (held) return { claimed: false };
    const appended = await this.eventStore.append(
      streamId,
      [{ id: randomUUID(), type: 'ForkReserved', data: { parentId, ownerId }, metadata: metadataFor(context) }],
      last ? last.revision : 'no_stream',
    );
    return appended.outcome === 'appended' ? { claimed: true, revision: appended.nextRevision } : { claimed: false };
  }

  async release(parentId: number, ownerId: number, context: CommandContext): Promise<void> {
    await this.eventStore.append(
      forkReservationStream(parentId, ownerId),
      [{ id: randomUUID(), type: 'ForkReservationReleased', data: { parentId, ownerId }, metadata: metadataFor(context) }],
      'any',
    );
  }
}
