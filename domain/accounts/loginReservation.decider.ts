import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import type { AccountsError } from './accounts.errors.js';
import { isReservedLogin } from './ghost.js';
import { isValidLogin, loginKey } from './login.js';
import { isPathLogin } from './pathLogins.js';

// Users and organizations share one login namespace. Uniqueness spans aggregates, so each
// login (case-folded) is its own stream, reserved with an optimistic append.
export type LoginReserved = DomainEvent<'LoginReserved', { readonly login: string; readonly accountId: number; readonly accountType: 'User' | 'Organization' }>;
export type LoginReleased = DomainEvent<'LoginReleased', { readonly login: string; readonly accountId: number }>;
export type LoginReservationEvent = LoginReserved | LoginReleased;

export type LoginReservationCommand =
  | { readonly type: 'ReserveLogin'; readonly login: string; readonly accountId: number; readonly accountType: 'User' | 'Organization' }
  | { readonly type: 'ReleaseLogin'; readonly login: string; readonly accountId: number };

export type LoginReservationState = { readonly holder: number | null };

export const loginReservationDecider: Decider<LoginReservationCommand, LoginReservationState, LoginReservationEvent, AccountsError> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => (event.type === 'LoginReserved' ? { holder: event.data.accountId } : { holder: null }),
  decide: (command, state): Either<AccountsError, readonly LoginReservationEvent[]> => {
    switch (command.type) {
      case 'ReserveLogin':
        if (!isValidLogin(command.login)) return left({ _tag: 'InvalidLogin', login: command.login });
        if (state.holder === command.accountId) return right([]);
        if (state.holder !== null) return left({ _tag: 'LoginTaken', login: command.login });
        // The ghost account holds its login without a reservation of its own (ghost.ts), and a
        // path of the web root holds `timeline` (pathLogins.ts). A holder of either from before
        // it was reserved keeps it (the check above).
        if (isReservedLogin(command.login) || isPathLogin(command.login)) return left({ _tag: 'LoginTaken', login: command.login });
        return right([{ type: 'LoginReserved', data: { login: command.login, accountId: command.accountId, accountType: command.accountType } }]);
      case 'ReleaseLogin':
        if (state.holder !== command.accountId) return left({ _tag: 'LoginNotReserved', login: command.login });
        return right([{ type: 'LoginReleased', data: { login: command.login, accountId: command.accountId } }]);
    }
  },
};

export const loginStream = (login: string): string => `login-${loginKey(login)}`;
