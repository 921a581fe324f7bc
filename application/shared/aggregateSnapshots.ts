import { deserialize, serialize } from 'node:v8';
import type { Document, ReadModelStore } from './ports/readModelStore.port.js';
import type { EventStore, StoredEvent } from './ports/eventStore.port.js';

// Snapshots of long aggregates' states (a decider that names a `snapshot`), so that the first
// command on a board of 100,000 moves after a restart folds the events since the last snapshot,
// not the whole stream. They live in the read-model store (the embedded family's, durable with
// its models; MongoDB for the distributed family), one document per stream. A snapshot is
// never the truth: it names the id of the event it was folded to, and one whose event is not
// at that revision of the stream (another log, a restore) is passed over, as is one of another
// version of the state, or one that fails to decode; the stream is then folded from its start.
export const AGGREGATE_SNAPSHOTS_COLLECTION = '_aggregate_snapshots';

// A stream is snapshotted again once this many of its events were folded since the last one.
export const SNAPSHOT_EVERY_EVENTS = 500;

export interface SnapshotName {
  readonly name: string;
  readonly version: number;
}

interface AggregateSnapshotDocument extends Document {
  _id: string;
  revision: number;
  event_id: string;
  last_at: number | null;
  // The state as node:v8 serializes it (Maps and Sets included), in base64.
  state: string;
}

export interface RestoredSnapshot {
  readonly state: unknown;
  readonly revision: number;
  readonly lastAt: number | null;
  readonly eventId: string;
  // The stream's events after the snapshot, read with the check of its own.
  readonly newer: readonly StoredEvent[];
}

// Where each event store's aggregates keep their snapshots (the runtime says, at start).
const stores = new WeakMap<EventStore, ReadModelStore>();

export function keepAggregateSnapshots(eventStore: EventStore, store: ReadModelStore): void {
  stores.set(eventStore, store);
}

const snapshotId = (snapshot: SnapshotName, streamId: string) => `${snapshot.name}@${snapshot.version}\u0000${streamId}`;

function collection(eventStore: EventStore) {
  return stores.get(eventStore)?.collection<AggregateSnapshotDocument>(AGGREGATE_SNAPSHOTS_COLLECTION);
}

// The stream's last snapshot that still holds for this log, with the events after it; null
// when there is none (fold from the start).
export async function restoreSnapshot(eventStore: EventStore, snapshot: SnapshotName, streamId: string): Promise<RestoredSnapshot | null> {
  const snapshots = collection(eventStore);
  if (snapshots === undefined) return null;
  const kept = await snapshots.findOne({ _id: snapshotId(snapshot, streamId) }).catch(() => null);
  if (kept === null) return null;
  const events = await eventStore.readStream(streamId, { fromRevision: kept.revision });
  const at = events[0];
  if (at === undefined || at.revision !== kept.revision || at.id !== kept.event_id) return null;
  try {
    const state = deserialize(Buffer.from(kept.state, 'base64'));
    return { state, revision: kept.revision, lastAt: kept.last_at, eventId: kept.event_id, newer: events.slice(1) };
  } catch {
    return null;
  }
}

// Writes the state as of the event `eventId` at `revision`, in the background: a command never
// waits for it, and a write that fails (the store closing) leaves the older snapshot. A newer
// snapshot already there stays (the upsert's filter does not match it, and the insert it
// then tries is refused by the unique _id).
export function saveSnapshot(
  eventStore: EventStore,
  snapshot: SnapshotName,
  streamId: string,
  at: { readonly revision: number; readonly eventId: string; readonly lastAt: number | null },
  state: unknown,
): void {
  const snapshots = collection(eventStore);
  if (snapshots === undefined) return;
  const _id = snapshotId(snapshot, streamId);
  const document: AggregateSnapshotDocument = {
    _id,
    revision: at.revision,
    event_id: at.eventId,
    last_at: at.lastAt,
    state: serialize(state).toString('base64'),
  };
  void snapshots.replaceOne({ _id, revision: { $lt: at.revision } }, document, { upsert: true }).catch(() => undefined);
}
