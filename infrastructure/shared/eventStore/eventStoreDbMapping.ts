import {
  ANY,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  type AppendExpectedRevision,
  type CurrentRevision,
  type EventData,
  type JSONType,
  type Position,
  type RecordedEvent,
} from '@eventstore/db-client';
import type { EventMetadata } from '../../../domain/shared/event.js';
import type { AppendResult, EventToAppend, ExpectedRevision, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';

export function toAppendExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

export function toEventData(event: EventToAppend): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data as JSONType,
    metadata: event.metadata as unknown as JSONType,
  });
}

export function conflictOf(streamId: string, expected: ExpectedRevision, actual: CurrentRevision): AppendResult {
  return {
    outcome: 'conflict',
    streamId,
    expected,
    actual: actual === NO_STREAM || actual < 0n ? 'no_stream' : Number(actual),
  };
}

// System streams and system event types start with '$'; the port's log holds only application events.
export function isSystemEvent(event: RecordedEvent): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

// An event at commit position c is read from {c, c}: a plain append's events carry equal commit and
// prepare positions. No position (or a negative one) means the start of the log.
export function toReadPosition(after: number | undefined): Position | typeof START {
  return after === undefined || after < 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
}

// The server sends Position.End (2^64 - 1, ulong.MaxValue) for an event read without its $all
// position; the client hands it on as if it were one.
const NO_POSITION = 2n ** 64n - 1n;

// The port's position: the commit position; -1 where the server reports none.
export function toLogPosition(position: Position | undefined): number {
  return position === undefined || position.commit === NO_POSITION ? -1 : Number(position.commit);
}

// position: -1 where the server does not report one (stream reads before 22.6).
export function toStoredEvent(event: RecordedEvent): StoredEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: toLogPosition(event.position),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
}
