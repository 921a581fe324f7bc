import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../domain/shared/event.js';
import type { Clock } from './ports/clock.port.js';
import type { EventStore } from './ports/eventStore.port.js';

// The event of a reservation: bookkeeping of the id and number sequences, which no read model
// shows (projectionRunner.ts hands it to no projection).
export const ID_BLOCK_RESERVED = 'IdBlockReserved';

// The last block a sequence stream holds, and the stream's revision at it.
export interface ReservedBlock {
  readonly to: number;
  readonly revision: number;
}

export async function lastReservedBlock(eventStore: EventStore, streamId: string): Promise<ReservedBlock | undefined> {
  const [last] = await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return last ? { to: (last.data as { to: number }).to, revision: last.revision } : undefined;
}

// Reserves `count` numbers after `last` with one append at the revision read: another process
// reserving from the same stream meanwhile makes it refuse (undefined), and the caller reads
// the stream again. Both the id sequences and the issue-number sequences draw this way.
export async function reserveIdBlock(
  eventStore: EventStore,
  clock: Clock,
  streamId: string,
  last: ReservedBlock | undefined,
  count: number,
): Promise<(ReservedBlock & { readonly from: number }) | undefined> {
  const from = last ? last.to + 1 : 1;
  const to = from + count - 1;
  const metadata: EventMetadata = {
    schemaVersion: 1,
    actorId: null,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: clock.now().toISOString(),
  };
  const result = await eventStore.append(
    streamId,
    [{ id: randomUUID(), type: ID_BLOCK_RESERVED, data: { from, to }, metadata }],
    last ? last.revision : 'no_stream',
  );
  return result.outcome === 'appended' ? { from, to, revision: result.nextRevision } : undefined;
}
