import type { EventStore, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import type { DomainEvent } from '../../../domain/shared/event.js';
import { evolveAll } from '../../../domain/shared/decider.js';

const MAX_FOLDED_STREAMS = 10_000;

export type StatesAround = <State, Event extends DomainEvent>(
  decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
  event: StoredEvent,
) => Promise<{ before: State; after: State }>;

// The aggregate an event belongs to as it stood right before and right after the event (its
// stream folded up to the event). Each subject's state after the last of its events is kept:
// the fan-out meets a stream's events in order, so the next one folds one event, not the
// stream from its start (a busy project board's history). An event at or before what is kept
// (a redelivery) folds from the start. Past this many streams the memory starts over.
// Deciders' states are values (evolve returns a new one): a kept state is never changed.
export function subjectStates(eventStore: EventStore): StatesAround {
  const folded = new Map<string, { readonly decider: object; readonly revision: number; readonly state: unknown }>();
  return async <State, Event extends DomainEvent>(
    decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
    event: StoredEvent,
  ) => {
    const known = folded.get(event.streamId);
    const from = known !== undefined && known.decider === decider && known.revision < event.revision ? known : undefined;
    const fromRevision = from === undefined ? 0 : from.revision + 1;
    const history = (await eventStore.readStream(event.streamId, { fromRevision, maxCount: event.revision + 1 - fromRevision })).map(
      (stored) => ({ type: stored.type, data: stored.data }) as Event,
    );
    const before = evolveAll(decider, from === undefined ? decider.initialState() : (from.state as State), history.slice(0, -1));
    const after = history.length > 0 ? decider.evolve(before, history[history.length - 1]!) : before;
    // Kept only when the stream held every event up to this one (else the next fold starts over).
    if (history.length === event.revision + 1 - fromRevision) {
      if (folded.size >= MAX_FOLDED_STREAMS && !folded.has(event.streamId)) folded.clear();
      folded.set(event.streamId, { decider, revision: event.revision, state: after });
    }
    return { before, after };
  };
}
