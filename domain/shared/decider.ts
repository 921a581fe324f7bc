import type { Either } from 'fp-ts/lib/Either.js';
import type { DomainEvent } from './event.js';

// An aggregate as three pure functions; clock and ids arrive inside the command.
export interface Decider<Command, State, Event extends DomainEvent, Error> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => Either<Error, readonly Event[]>;
}
