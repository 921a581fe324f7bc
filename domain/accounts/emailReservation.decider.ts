import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import type { AccountsError } from './accounts.errors.js';
import { isValidEmail } from './login.js';

// A user's email is unique across users (case-insensitive). Uniqueness spans aggregates, so
// each email key is its own stream (named by application/accounts/emailReservations.ts),
// reserved with an optimistic append, as logins are.
export type EmailReserved = DomainEvent<'EmailReserved', { readonly email: string; readonly userId: number }>;
export type EmailReleased = DomainEvent<'EmailReleased', { readonly email: string; readonly userId: number }>;
export type EmailReservationEvent = EmailReserved | EmailReleased;

export type EmailReservationCommand =
  | { readonly type: 'ReserveEmail'; readonly email: string; readonly userId: number }
  | { readonly type: 'ReleaseEmail'; readonly email: string; readonly userId: number };

export type EmailReservationState = { readonly holder: number | null };

export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationState, EmailReservationEvent, AccountsError> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => (event.type === 'EmailReserved' ? { holder: event.data.userId } : { holder: null }),
  decide: (command, state): Either<AccountsError, readonly EmailReservationEvent[]> => {
    const data = { email: command.email, userId: command.userId };
    switch (command.type) {
      case 'ReserveEmail':
        if (!isValidEmail(command.email)) return left({ _tag: 'InvalidEmail', email: command.email });
        if (state.holder === command.userId) return right([]);
        if (state.holder !== null) return left({ _tag: 'EmailTaken', email: command.email });
        return right([{ type: 'EmailReserved', data }]);
      case 'ReleaseEmail':
        // Releasing what another user holds, or nobody (an email given before emails were
        // reserved), changes nothing.
        return right(state.holder === command.userId ? [{ type: 'EmailReleased', data }] : []);
    }
  },
};
