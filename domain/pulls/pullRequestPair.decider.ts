import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import type { PullsError } from './pulls.errors.js';

// GitHub allows one open pull request per (repository, base branch, head repository, head
// branch). Like a login, each such pair is its own stream, held by the open pull request
// through an optimistic append, so the rule holds across API processes.
export interface PullRequestPair {
  readonly repositoryId: number;
  readonly base: string;
  readonly headRepositoryId: number;
  readonly headRef: string;
}

export type PullRequestPairReserved = DomainEvent<'PullRequestPairReserved', PullRequestPair & { readonly pullRequestId: number }>;
export type PullRequestPairReleased = DomainEvent<'PullRequestPairReleased', PullRequestPair & { readonly pullRequestId: number }>;
export type PullRequestPairEvent = PullRequestPairReserved | PullRequestPairReleased;

export type PullRequestPairCommand =
  | { readonly type: 'ReservePullRequestPair'; readonly pair: PullRequestPair; readonly pullRequestId: number; readonly headLabel: string }
  | { readonly type: 'ReleasePullRequestPair'; readonly pair: PullRequestPair; readonly pullRequestId: number };

export type PullRequestPairState = { readonly holder: number | null };

export const pullRequestPairDecider: Decider<PullRequestPairCommand, PullRequestPairState, PullRequestPairEvent, PullsError> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => (event.type === 'PullRequestPairReserved' ? { holder: event.data.pullRequestId } : { holder: null }),
  decide: (command, state): Either<PullsError, readonly PullRequestPairEvent[]> => {
    const data = { ...command.pair, pullRequestId: command.pullRequestId };
    switch (command.type) {
      case 'ReservePullRequestPair':
        if (state.holder === command.pullRequestId) return right([]);
        if (state.holder !== null) return left({ _tag: 'PullRequestAlreadyExists', headLabel: command.headLabel });
        return right([{ type: 'PullRequestPairReserved', data }]);
      case 'ReleasePullRequestPair':
        // Releasing what another pull request holds, or nobody, changes nothing.
        return right(state.holder === command.pullRequestId ? [{ type: 'PullRequestPairReleased', data }] : []);
    }
  },
};

// Git forbids ':' and '..' in branch names, so the parts cannot run into each other.
export const pullRequestPairStream = (pair: PullRequestPair): string =>
  `pull-request-pair-${pair.repositoryId}:${pair.base}..${pair.headRepositoryId}:${pair.headRef}`;
