import type { EventStore, StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import {
  checkpointId,
  eventTime,
  isCheckpointRevision,
  NOTHING_LATER,
  TIMELINE_CHECKPOINT_EVERY,
  TIMELINE_CHECKPOINT_INDEXES,
  type TimelineCheckpointDocument,
  type TimelineFold,
  type TimelineHeadDocument,
} from '../../application/shared/audit/streamTimeline.js';

export interface StreamTimelineSettings<State> {
  readonly name: string;
  readonly version: number;
  readonly checkpoints: string;
  readonly heads: string;
  // The events of the streams it keeps (each names its stream in the event's streamId).
  readonly eventTypes: ReadonlySet<string>;
  readonly isTimelineStream: (streamId: string) => boolean;
  readonly eventStore: () => EventStore;
  readonly folding: () => TimelineFold<State>;
}

// Checkpoints of the state each stream describes (application/shared/audit/streamTimeline.ts).
// A checkpoint folds the block of events since the one before, read from the log (the
// projection's events are the log's, so a rebuild writes the same): an event costs its own
// bookkeeping, and every TIMELINE_CHECKPOINT_EVERY events one fold of a block and one copy of
// the state.
export function streamTimelineProjection<State>(settings: StreamTimelineSettings<State>): Projection {
  const checkpoints = (target: ProjectionTarget) => target.collection<TimelineCheckpointDocument<State>>(settings.checkpoints);
  const heads = (target: ProjectionTarget) => target.collection<TimelineHeadDocument>(settings.heads);

  async function writeCheckpoint(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    const first = event.revision + 1 - TIMELINE_CHECKPOINT_EVERY;
    const before = first === 0 ? null : await checkpoints(target).findOne({ _id: checkpointId(event.streamId, first - 1) });
    // A timeline started on a stream already long (an upgrade) has no checkpoint before: the
    // fold then starts from the stream's beginning, once.
    const from = before === null ? 0 : first;
    const events = await settings.eventStore().readStream(event.streamId, { fromRevision: from, maxCount: event.revision + 1 - from });
    const state = await settings.folding().fold(before?.state ?? null, events);
    const latest = Math.max(before?.latest_at ?? Number.MIN_SAFE_INTEGER, ...events.map(eventTime));
    const document: TimelineCheckpointDocument<State> = {
      _id: checkpointId(event.streamId, event.revision),
      stream: event.streamId,
      revision: event.revision,
      latest_at: latest,
      earliest_after: NOTHING_LATER,
      state,
    };
    await checkpoints(target).replaceOne({ _id: document._id }, document, { upsert: true });
  }

  return {
    name: settings.name,
    version: settings.version,
    consistency: 'eventual',
    collections: [{ name: settings.checkpoints, indexes: TIMELINE_CHECKPOINT_INDEXES }, { name: settings.heads }],
    eventTypes: settings.eventTypes,
    async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
      if (!settings.isTimelineStream(event.streamId)) return;
      const at = eventTime(event);
      // Earlier than what the checkpoints before it saw after them (only on streams whose
      // times do not rise: an import's records): each says so.
      for (const earlier of await checkpoints(target).find({ stream: event.streamId, earliest_after: { $gt: at }, revision: { $lt: event.revision } })) {
        await checkpoints(target).updateOne({ _id: earlier._id }, { $set: { earliest_after: at } });
      }
      if (isCheckpointRevision(event.revision)) await writeCheckpoint(event, target);
      // Last: a reader takes the head before the checkpoints, so what they say covers the head.
      await heads(target).replaceOne({ _id: event.streamId }, { _id: event.streamId, revision: event.revision }, { upsert: true });
    },
  };
}
