import { evolveAll, type Decider } from '../../domain/shared/decider.js';
import type { DomainEvent } from '../../domain/shared/event.js';
import type { EventStore, StoredEvent } from './ports/eventStore.port.js';
import { restoreSnapshot, saveSnapshot, SNAPSHOT_EVERY_EVENTS, type SnapshotName } from './aggregateSnapshots.js';

export type StreamRevision = number | 'no_stream';

interface Folded {
  readonly revision: StreamRevision;
  readonly state: unknown;
  // When the last event folded happened (ms), for commands that stamp their events no earlier.
  readonly lastAt: number | null;
  // The id of the event at `revision` (what a snapshot names), and how many events were folded
  // since the stream's last snapshot.
  readonly eventId: string | null;
  readonly sinceSnapshot: number;
}

// Events read as they were written, without an upcaster: the only reading whose states are
// snapshotted (another upcaster would make another state of the same events).
export const plainEvents = <Event extends DomainEvent>(stored: StoredEvent): Event => ({ type: stored.type, data: stored.data }) as Event;

type SnapshotDecider = { readonly snapshot?: SnapshotName };
const snapshotOf = (decider: SnapshotDecider, upcast: object): SnapshotName | undefined => (upcast === plainEvents ? decider.snapshot : undefined);

// Streams remembered per event store and decider; past this many the one decided on least
// recently is forgotten (a busy server touching more aggregates than this keeps its long,
// hot streams, a project board, folded, where starting over made the next command on each
// read its whole history again).
export const MAX_STREAMS = 10_000;

// The state of each aggregate a command last decided on, with the revision it was folded to,
// kept per event store (a store is a log: tests and processes never share one) and per
// decider and upcaster. A command then reads only the events after that revision: a long
// stream (a busy project board) costs what changed since, not its whole history. Deciders'
// states are values (evolve returns a new one), so a kept state is never changed under it;
// another process's appends are the events read after the kept revision.
const kept = new WeakMap<EventStore, WeakMap<object, WeakMap<object, Map<string, Folded>>>>();

function streamsOf(eventStore: EventStore, decider: object, upcast: object): Map<string, Folded> {
  let byDecider = kept.get(eventStore);
  if (!byDecider) kept.set(eventStore, (byDecider = new WeakMap()));
  let byUpcast = byDecider.get(decider);
  if (!byUpcast) byDecider.set(decider, (byUpcast = new WeakMap()));
  let streams = byUpcast.get(upcast);
  if (!streams) byUpcast.set(upcast, (streams = new Map()));
  return streams;
}

export async function foldedState<Command, State, Event extends DomainEvent, Error>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event, Error>,
  streamId: string,
  upcast: (stored: StoredEvent) => Event,
): Promise<{ state: State; revision: StreamRevision; lastAt: number | null }> {
  const streams = streamsOf(eventStore, decider, upcast);
  const kept = streams.get(streamId);
  const restored = kept === undefined ? await fromSnapshot(eventStore, decider, streamId, upcast) : undefined;
  // Counted from the snapshot: the events after it are what was folded since.
  if (restored !== undefined) streams.set(streamId, restored);
  const known = kept ?? restored;
  const from = known === undefined || known.revision === 'no_stream' ? 0 : known.revision + 1;
  const newer = restored?.newer ?? (await eventStore.readStream(streamId, from === 0 ? {} : { fromRevision: from }));
  const start = known ? (known.state as State) : decider.initialState();
  const state = evolveAll(decider, start, newer.map(upcast));
  const last = newer[newer.length - 1];
  const revision = last ? last.revision : (known?.revision ?? 'no_stream');
  const lastAt = last ? Date.parse(last.metadata.occurredAt) : (known?.lastAt ?? null);
  remember(eventStore, decider, streamId, upcast, revision, state, lastAt, last?.id ?? known?.eventId ?? null);
  return { state, revision, lastAt };
}

// A stream this process has not folded yet: from its snapshot, with the events after it.
async function fromSnapshot(
  eventStore: EventStore,
  decider: SnapshotDecider,
  streamId: string,
  upcast: object,
): Promise<(Folded & { readonly newer: readonly StoredEvent[] }) | undefined> {
  const snapshot = snapshotOf(decider, upcast);
  const restored = snapshot === undefined ? null : await restoreSnapshot(eventStore, snapshot, streamId);
  if (restored === null) return undefined;
  return { revision: restored.revision, state: restored.state, lastAt: restored.lastAt, eventId: restored.eventId, sinceSnapshot: 0, newer: restored.newer };
}

// The state as of `revision`, whose event is `eventId` (null when not known: nothing is then
// snapshotted). Snapshotted when enough events were folded since the last snapshot.
export function remember(
  eventStore: EventStore,
  decider: SnapshotDecider,
  streamId: string,
  upcast: object,
  revision: StreamRevision,
  state: unknown,
  lastAt: number | null,
  eventId: string | null,
): void {
  const streams = streamsOf(eventStore, decider, upcast);
  const before = streams.get(streamId);
  const folded = revision === 'no_stream' ? 0 : revision - (before === undefined || before.revision === 'no_stream' ? -1 : before.revision);
  let sinceSnapshot = (before?.sinceSnapshot ?? 0) + folded;
  const snapshot = snapshotOf(decider, upcast);
  if (snapshot !== undefined && revision !== 'no_stream' && eventId !== null && sinceSnapshot >= SNAPSHOT_EVERY_EVENTS) {
    saveSnapshot(eventStore, snapshot, streamId, { revision, eventId, lastAt }, state);
    sinceSnapshot = 0;
  }
  // A Map iterates in insertion order: set last, a stream is the most recently used.
  if (!streams.delete(streamId) && streams.size >= MAX_STREAMS) streams.delete(streams.keys().next().value!);
  streams.set(streamId, { revision, state, lastAt, eventId, sinceSnapshot });
}
