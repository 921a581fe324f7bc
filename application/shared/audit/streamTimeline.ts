import type { EventStore, StoredEvent } from '../ports/eventStore.port.js';
import type { Collection, Document } from '../ports/readModelStore.port.js';

// as_of without reading a stream's whole history: the state a stream describes is kept every
// TIMELINE_CHECKPOINT_EVERY events (a timeline projection, projections/shared/streamTimeline.projection.ts),
// and a past state is the checkpoint before the instant folded forward with at most a block of
// events. Tokens and projects share it, as they share the audit log (auditLog.ts).
//
// An event counts when its time is at or before the instant, whatever its place: a migration
// import appends records with their own times (a board's cards bottom first), so a stream's
// times need not rise with its revisions. Each checkpoint therefore says the latest time up to
// it (a checkpoint is usable for an instant at or after that) and the earliest time the
// timeline has seen after it (once past a checkpoint whose later events are all after the
// instant, nothing more is read). Commands stamp their events when saved, never earlier than
// the stream's last (handleCommand.ts, Retimed), so on a stream they write both are tight and
// an as_of reads one block.

export const TIMELINE_CHECKPOINT_EVERY = 500;

// No event seen after the checkpoint yet.
export const NOTHING_LATER = Number.MAX_SAFE_INTEGER;

export interface TimelineCheckpointDocument<State> extends Document {
  _id: string; // `${stream}@${revision}`
  stream: string;
  revision: number;
  latest_at: number; // the latest event time (ms) among revisions 0..revision
  earliest_after: number; // the earliest event time among the later revisions the timeline has applied
  state: State | null;
}

// The last revision of a stream the timeline has applied: later ones are not yet reflected in
// the checkpoints' earliest_after, and are read from the log.
export interface TimelineHeadDocument extends Document {
  _id: string; // the stream
  revision: number;
}

export interface TimelineFold<State> {
  // The state after these events (in revision order), from the state before them (null: none).
  fold(state: State | null, events: readonly StoredEvent[]): Promise<State | null>;
}

export interface TimelineCollections<State> {
  readonly checkpoints: Collection<TimelineCheckpointDocument<State>>;
  readonly heads: Collection<TimelineHeadDocument>;
}

export const checkpointId = (stream: string, revision: number): string => `${stream}@${revision}`;
export const eventTime = (event: StoredEvent): number => Date.parse(event.metadata.occurredAt);
export const isCheckpointRevision = (revision: number): boolean => (revision + 1) % TIMELINE_CHECKPOINT_EVERY === 0;

// The indexes the timeline's reads use (declared by each timeline projection).
export const TIMELINE_CHECKPOINT_INDEXES = [
  // The last checkpoint usable for an instant: latest_at rises with the revision.
  { name: 'stream_latest', keys: { stream: 1, latest_at: 1, revision: 1 } },
  // The checkpoints an event earlier than what they saw after them lowers.
  { name: 'stream_earliest_after', keys: { stream: 1, earliest_after: 1 } },
] as const;

// The state the stream described at the instant: the events at or before it, in revision order.
export async function stateAsOf<State>(
  eventStore: EventStore,
  timeline: TimelineCollections<State>,
  stream: string,
  instant: Date,
  folding: TimelineFold<State>,
): Promise<State | null> {
  const limit = instant.getTime();
  // The head first: the checkpoints read after it reflect at least the events up to it.
  const head = await timeline.heads.findOne({ _id: stream });
  const [checkpoint] = await timeline.checkpoints.find({ stream, latest_at: { $lte: limit } }, { sort: { latest_at: -1, revision: -1 }, limit: 1 });
  const selected: StoredEvent[] = [];
  const keep = (events: readonly StoredEvent[]) => selected.push(...events.filter((event) => eventTime(event) <= limit));
  let next = checkpoint === undefined ? 0 : checkpoint.revision + 1;
  let settled = checkpoint !== undefined && checkpoint.earliest_after > limit;
  while (!settled) {
    const block = await eventStore.readStream(stream, { fromRevision: next, maxCount: TIMELINE_CHECKPOINT_EVERY });
    keep(block);
    next += block.length;
    if (block.length < TIMELINE_CHECKPOINT_EVERY) return folding.fold(checkpoint?.state ?? null, selected);
    const reached = await timeline.checkpoints.findOne({ _id: checkpointId(stream, next - 1) });
    settled = reached !== null && reached.earliest_after > limit;
  }
  // What the timeline has not applied yet is not in earliest_after: read it (a lag, not history).
  if (head !== null) keep(await eventStore.readStream(stream, { fromRevision: Math.max(next, head.revision + 1) }));
  return folding.fold(checkpoint?.state ?? null, selected);
}
