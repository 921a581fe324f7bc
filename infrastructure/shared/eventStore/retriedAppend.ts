import type { AppendResult, EventToAppend, ExpectedRevision } from '../../../application/shared/ports/eventStore.port.js';
import type { EventIndex } from './eventIndex.js';

// Idempotency by event id, as EventStoreDB does it: when every id is already in the stream, in the
// same order and consecutively, the append was done before and its original result is returned. When
// only some are, or elsewhere, it is a conflict. undefined means none of the ids is known.
export function retriedAppend(index: EventIndex, streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): AppendResult | undefined {
  const positions = events.map((event) => index.positionOfId(event.id));
  if (positions.every((position) => position === undefined)) {
    assertDistinctIds(events);
    return undefined;
  }
  const streamPositions = index.streamPositions(streamId);
  const first = positions[0];
  const firstRevision = first === undefined ? -1 : index.table.revisionOf(first);
  const sameAppend = first !== undefined && positions.every((position, i) => position !== undefined && streamPositions[firstRevision + i] === position);
  if (!sameAppend) {
    const lastRevision = streamPositions.length - 1;
    return { outcome: 'conflict', streamId, expected, actual: lastRevision >= 0 ? lastRevision : 'no_stream' };
  }
  return {
    outcome: 'appended',
    nextRevision: firstRevision + events.length - 1,
    position: positions[positions.length - 1]!,
  };
}

function assertDistinctIds(events: readonly EventToAppend[]): void {
  if (events.length < 2) return;
  const ids = new Set(events.map((event) => event.id));
  if (ids.size !== events.length) throw new RangeError('An append must not carry the same event id twice');
}
