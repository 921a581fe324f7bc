import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import { issueValidation, type IssuesError } from './issues.errors.js';

// A milestone's title is unique in its repository (GitHub answers a second one with 422
// already_exists): each (repository, title) is its own stream, reserved with an optimistic
// append, as label names are. Titles are compared exactly, as typed.
export type MilestoneTitleReserved = DomainEvent<
  'MilestoneTitleReserved',
  { readonly repositoryId: number; readonly title: string; readonly milestoneId: number }
>;
export type MilestoneTitleReleased = DomainEvent<
  'MilestoneTitleReleased',
  { readonly repositoryId: number; readonly title: string; readonly milestoneId: number }
>;
export type MilestoneTitleEvent = MilestoneTitleReserved | MilestoneTitleReleased;

export type MilestoneTitleCommand = {
  readonly type: 'ReserveMilestoneTitle' | 'ReleaseMilestoneTitle';
  readonly repositoryId: number;
  readonly title: string;
  readonly milestoneId: number;
};

export type MilestoneTitleState = { readonly holder: number | null };

export const milestoneTitleDecider: Decider<MilestoneTitleCommand, MilestoneTitleState, MilestoneTitleEvent, IssuesError> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => ({ holder: event.type === 'MilestoneTitleReserved' ? event.data.milestoneId : null }),
  decide: (command, state): Either<IssuesError, readonly MilestoneTitleEvent[]> => {
    const { repositoryId, title, milestoneId } = command;
    if (command.type === 'ReserveMilestoneTitle') {
      // The holder asking again (a retried create) is a no-op.
      if (state.holder === milestoneId) return right([]);
      if (state.holder !== null) return left(issueValidation('Milestone', 'title', 'already_exists'));
      return right([{ type: 'MilestoneTitleReserved', data: { repositoryId, title, milestoneId } }]);
    }
    return right(state.holder === milestoneId ? [{ type: 'MilestoneTitleReleased', data: { repositoryId, title, milestoneId } }] : []);
  },
};
