import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { AccountsError } from './accounts.errors.js';
import { isValidEmail, isValidLogin } from './login.js';
import type { UserEvent } from './user.events.js';

export interface CreateUser {
  readonly type: 'CreateUser';
  readonly userId: number;
  readonly login: string;
  readonly email: string | null;
  readonly name: string | null;
  readonly siteAdmin: boolean;
  readonly passwordHash: string | null;
  readonly now: Date;
}

export type UserCommand = CreateUser;

export type UserState =
  | { readonly status: 'absent' }
  | { readonly status: 'active'; readonly userId: number; readonly login: string; readonly siteAdmin: boolean };

export const initialState = (): UserState => ({ status: 'absent' });

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserCreated':
      return { status: 'active', userId: event.data.userId, login: event.data.login, siteAdmin: event.data.siteAdmin };
  }
}

export function decide(command: UserCommand, state: UserState): Either<AccountsError, readonly UserEvent[]> {
  switch (command.type) {
    case 'CreateUser':
      return createUser(command, state);
  }
}

function createUser(command: CreateUser, state: UserState): Either<AccountsError, readonly UserEvent[]> {
  if (state.status !== 'absent') return left({ _tag: 'UserAlreadyExists', userId: command.userId });
  if (!isValidLogin(command.login)) return left({ _tag: 'InvalidLogin', login: command.login });
  if (command.email !== null && !isValidEmail(command.email)) return left({ _tag: 'InvalidEmail', email: command.email });
  return right([
    {
      type: 'UserCreated',
      data: {
        userId: command.userId,
        login: command.login,
        email: command.email,
        name: command.name,
        siteAdmin: command.siteAdmin,
        passwordHash: command.passwordHash,
        createdAt: command.now.toISOString(),
      },
    },
  ]);
}

export const userDecider: Decider<UserCommand, UserState, UserEvent, AccountsError> = { initialState, evolve, decide };
export const userStream = (userId: number): string => `user-${userId}`;
