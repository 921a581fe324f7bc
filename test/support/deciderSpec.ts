import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Decider } from '../../domain/shared/decider.js';
import type { DomainEvent } from '../../domain/shared/event.js';

// given(events).when(command).then(events) / .thenFails(tag), for pure deciders.
export function deciderSpec<Command, State, Event extends DomainEvent, Error extends { _tag: string }>(decider: Decider<Command, State, Event, Error>) {
  return {
    given(history: readonly Event[]) {
      const state = history.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const decision = decider.decide(command, state);
          return {
            then(expected: readonly Event[]): void {
              if (isLeft(decision)) expect.fail(`expected events, got error ${JSON.stringify(decision.left)}`);
              expect(decision.right).to.deep.equal(expected);
            },
            thenFails(tag: Error['_tag']): void {
              if (!isLeft(decision)) expect.fail(`expected ${tag}, got events ${JSON.stringify(decision.right)}`);
              expect(decision.left._tag).to.equal(tag);
            },
          };
        },
      };
    },
  };
}
