import type { Either } from 'fp-ts/lib/Either.js';
import type { DomainEvent } from './event.js';
import { foldOnce } from './foldCopies.js';

// An aggregate as three pure functions; clock and ids arrive inside the command.
export interface Decider<Command, State, Event extends DomainEvent, Error> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => Either<Error, readonly Event[]>;
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
