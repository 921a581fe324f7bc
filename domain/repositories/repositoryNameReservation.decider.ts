import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import type { RepositoriesError } from './repositories.errors.js';
import { isValidRepositoryName, repositoryNameKey } from './repositoryName.js';

// A name is unique per owner, across repository aggregates: each (owner, case-folded name)
// is its own stream, taken with an optimistic append, as logins are.
export type RepositoryNameReserved = DomainEvent<'RepositoryNameReserved', { readonly ownerId: number; readonly name: string; readonly repositoryId: number }>;
export type RepositoryNameReleased = DomainEvent<'RepositoryNameReleased', { readonly ownerId: number; readonly name: string; readonly repositoryId: number }>;
export type RepositoryNameReservationEvent = RepositoryNameReserved | RepositoryNameReleased;

export type RepositoryNameReservationCommand =
  | { readonly type: 'ReserveRepositoryName'; readonly ownerId: number; readonly name: string; readonly repositoryId: number }
  | { readonly type: 'ReleaseRepositoryName'; readonly ownerId: number; readonly name: string; readonly repositoryId: number };

export type RepositoryNameReservationState = { readonly holder: number | null };

export const repositoryNameReservationDecider: Decider<
  RepositoryNameReservationCommand,
  RepositoryNameReservationState,
  RepositoryNameReservationEvent,
  RepositoriesError
> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => (event.type === 'RepositoryNameReserved' ? { holder: event.data.repositoryId } : { holder: null }),
  decide: (command, state): Either<RepositoriesError, readonly RepositoryNameReservationEvent[]> => {
    const data = { ownerId: command.ownerId, name: command.name, repositoryId: command.repositoryId };
    switch (command.type) {
      case 'ReserveRepositoryName':
        if (!isValidRepositoryName(command.name)) return left({ _tag: 'InvalidRepositoryName', name: command.name, problem: 'reserved' });
        // The holder asking again (a retried create, a rename that only changes case) is a no-op.
        if (state.holder === command.repositoryId) return right([]);
        if (state.holder !== null) return left({ _tag: 'RepositoryNameTaken', name: command.name });
        return right([{ type: 'RepositoryNameReserved', data }]);
      case 'ReleaseRepositoryName':
        if (state.holder !== command.repositoryId) return left({ _tag: 'RepositoryNameNotReserved', name: command.name });
        return right([{ type: 'RepositoryNameReleased', data }]);
    }
  },
};

export const repositoryNameStream = (ownerId: number, name: string): string => `repository-name-${ownerId}-${repositoryNameKey(name)}`;
