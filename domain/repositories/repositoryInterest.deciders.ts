import { right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import type { RepositoriesError } from './repositories.errors.js';

// Stars and subscriptions live in one small stream per (repository, user), not in the
// repository's stream: starring a popular repository would otherwise make every stargazer
// contend for the same stream revision (and exhaust the bounded retries), and not in the
// user's stream, which belongs to the accounts area's decider. Each stream is a toggle
// with nothing to coordinate beyond itself.
export type RepositoryStarred = DomainEvent<'RepositoryStarred', { readonly repositoryId: number; readonly userId: number; readonly starredAt: string }>;
export type RepositoryUnstarred = DomainEvent<'RepositoryUnstarred', { readonly repositoryId: number; readonly userId: number; readonly unstarredAt: string }>;
export type StarEvent = RepositoryStarred | RepositoryUnstarred;

export type StarCommand =
  | { readonly type: 'StarRepository'; readonly repositoryId: number; readonly userId: number; readonly now: Date }
  | { readonly type: 'UnstarRepository'; readonly repositoryId: number; readonly userId: number; readonly now: Date };

export const starDecider: Decider<StarCommand, { readonly starred: boolean }, StarEvent, RepositoriesError> = {
  initialState: () => ({ starred: false }),
  evolve: (_state, event) => ({ starred: event.type === 'RepositoryStarred' }),
  decide: (command, state): Either<RepositoriesError, readonly StarEvent[]> => {
    const { repositoryId, userId } = command;
    const at = command.now.toISOString();
    if (command.type === 'StarRepository') return right(state.starred ? [] : [{ type: 'RepositoryStarred', data: { repositoryId, userId, starredAt: at } }]);
    return right(state.starred ? [{ type: 'RepositoryUnstarred', data: { repositoryId, userId, unstarredAt: at } }] : []);
  },
};

export const stargazerStream = (repositoryId: number, userId: number): string => `stargazer-${repositoryId}-${userId}`;

export type RepositorySubscriptionSet = DomainEvent<
  'RepositorySubscriptionSet',
  { readonly repositoryId: number; readonly userId: number; readonly subscribed: boolean; readonly ignored: boolean; readonly createdAt: string }
>;
export type RepositorySubscriptionDeleted = DomainEvent<
  'RepositorySubscriptionDeleted',
  { readonly repositoryId: number; readonly userId: number; readonly deletedAt: string }
>;
export type SubscriptionEvent = RepositorySubscriptionSet | RepositorySubscriptionDeleted;

export type SubscriptionCommand =
  | {
      readonly type: 'SetSubscription';
      readonly repositoryId: number;
      readonly userId: number;
      readonly subscribed: boolean;
      readonly ignored: boolean;
      readonly now: Date;
    }
  | { readonly type: 'DeleteSubscription'; readonly repositoryId: number; readonly userId: number; readonly now: Date };

export type SubscriptionState =
  { readonly status: 'none' } | { readonly status: 'set'; readonly subscribed: boolean; readonly ignored: boolean; readonly createdAt: string };

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionState, SubscriptionEvent, RepositoriesError> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => (event.type === 'RepositorySubscriptionSet' ? { status: 'set', ...pick(event.data) } : { status: 'none' }),
  decide: (command, state): Either<RepositoriesError, readonly SubscriptionEvent[]> => {
    const { repositoryId, userId } = command;
    if (command.type === 'DeleteSubscription') {
      return right(
        state.status === 'none' ? [] : [{ type: 'RepositorySubscriptionDeleted', data: { repositoryId, userId, deletedAt: command.now.toISOString() } }],
      );
    }
    if (state.status === 'set' && state.subscribed === command.subscribed && state.ignored === command.ignored) return right([]);
    // created_at stays the first subscription's time while the subscription lasts.
    const createdAt = state.status === 'set' ? state.createdAt : command.now.toISOString();
    return right([{ type: 'RepositorySubscriptionSet', data: { repositoryId, userId, subscribed: command.subscribed, ignored: command.ignored, createdAt } }]);
  },
};

function pick(data: RepositorySubscriptionSet['data']) {
  return { subscribed: data.subscribed, ignored: data.ignored, createdAt: data.createdAt };
}

export const watcherStream = (repositoryId: number, userId: number): string => `watcher-${repositoryId}-${userId}`;
