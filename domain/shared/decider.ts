import type { Either } from 'fp-ts/lib/Either.js';
import type { DomainEvent } from './event.js';
import { foldOnce } from './foldCopies.js';

// An aggregate as three pure functions; clock and ids arrive inside the command.
export interface Decider<Command, State, Event extends DomainEvent, Error> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => Either<Error, readonly Event[]>;
  // For an aggregate whose stream grows long (a board's moves, an organization's members): its
  // state is kept as a snapshot every so many events, so a command after a restart folds from
  // there, not from the stream's start. `version` names the state's shape and evolve's meaning:
  // bump it when either changes, and older snapshots are passed over. The state must be plain
  // data (objects, arrays, Maps, Sets, strings, numbers, booleans, null).
  readonly snapshot?: { readonly name: string; readonly version: number };
}

// The state after the events in order, folded once (foldCopies.ts: a collection the events
// change is copied once per fold, not once per event); the same as reducing with evolve.
export function evolveAll<State, Event extends DomainEvent>(
  decider: { readonly evolve: (state: State, event: Event) => State },
  state: State,
  events: readonly Event[],
): State {
  if (events.length === 0) return state;
  if (events.length === 1) return decider.evolve(state, events[0]!);
  return foldOnce(() => events.reduce(decider.evolve, state));
}
