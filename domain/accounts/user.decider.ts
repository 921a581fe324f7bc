import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { ownedArray } from '../shared/foldCopies.js';
import type { AccountsError } from './accounts.errors.js';
import { isValidEmail, isValidLogin } from './login.js';
import type { ChangePassword, CreateUser, DeleteUser, FollowUser, RenameUser, SetSiteAdmin, SuspendUser, UpdateProfile, UserCommand } from './user.commands.js';
import type { UserEvent } from './user.events.js';

export type { CreateUser, UserCommand } from './user.commands.js';

export interface ActiveUser {
  readonly status: 'active';
  readonly userId: number;
  readonly login: string;
  // The email the user has now (the orphan email reservations check it).
  readonly email: string | null;
  readonly siteAdmin: boolean;
  readonly suspended: boolean;
  readonly passwordHash: string | null;
  readonly twoFactorEnabled: boolean;
  readonly following: readonly number[];
}

export type UserState = { readonly status: 'absent' } | ActiveUser | { readonly status: 'deleted'; readonly userId: number; readonly login: string };

type Decision = Either<AccountsError, readonly UserEvent[]>;

export const initialState = (): UserState => ({ status: 'absent' });

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserCreated') {
    const { userId, login, email, siteAdmin, passwordHash } = event.data;
    return { status: 'active', userId, login, email: email ?? null, siteAdmin, suspended: false, passwordHash, twoFactorEnabled: false, following: [] };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'UserRenamed':
      return { ...state, login: event.data.login };
    case 'UserDeleted':
      return { status: 'deleted', userId: state.userId, login: state.login };
    case 'SiteAdminGranted':
    case 'SiteAdminRevoked':
      return { ...state, siteAdmin: event.type === 'SiteAdminGranted' };
    case 'UserSuspended':
    case 'UserUnsuspended':
      return { ...state, suspended: event.type === 'UserSuspended' };
    case 'UserProfileUpdated':
      // Only the fields the request carried are in `changes`: an absent email is unchanged.
      return event.data.changes.email === undefined ? state : { ...state, email: event.data.changes.email };
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'TwoFactorEnabled':
    case 'TwoFactorDisabled':
      return { ...state, twoFactorEnabled: event.type === 'TwoFactorEnabled' };
    case 'UserFollowed':
      return { ...state, following: appended(state.following, event.data.targetId) };
    case 'UserUnfollowed':
      return { ...state, following: state.following.filter((id) => id !== event.data.targetId) };
  }
}

// A copy with the id added, or, inside a fold, the fold's own copy (foldCopies.ts).
function appended(ids: readonly number[], id: number): number[] {
  const copy = ownedArray(ids);
  copy.push(id);
  return copy;
}

export function decide(command: UserCommand, state: UserState): Decision {
  if (command.type === 'CreateUser') return createUser(command, state);
  if (state.status !== 'active') return left({ _tag: 'UserNotFound', login: state.status === 'deleted' ? state.login : `#${command.userId}` });
  const at = command.now.toISOString();
  const { userId } = state;
  switch (command.type) {
    case 'RenameUser':
      return renameUser(command, state);
    case 'DeleteUser':
      return deleteUser(command, state);
    case 'SetSiteAdmin':
      return setSiteAdmin(command, state);
    case 'SuspendUser':
      return suspendUser(command, state);
    case 'UnsuspendUser':
      return right(state.suspended ? [{ type: 'UserUnsuspended', data: { userId, reason: command.reason, unsuspendedAt: at } }] : []);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'ResetPassword':
      return right([{ type: 'UserPasswordChanged', data: { userId, passwordHash: command.newPasswordHash, changedAt: at } }]);
    case 'EnableTwoFactor':
      if (state.twoFactorEnabled) return left({ _tag: 'TwoFactorAlreadyEnabled', userId });
      return right([{ type: 'TwoFactorEnabled', data: { userId, totpSecret: command.encryptedTotpSecret, enabledAt: at } }]);
    case 'DisableTwoFactor':
      return right(state.twoFactorEnabled ? [{ type: 'TwoFactorDisabled', data: { userId, disabledAt: at } }] : []);
    case 'FollowUser':
      return followUser(command, state);
    case 'UnfollowUser':
      if (!state.following.includes(command.targetId)) return right([]);
      return right([{ type: 'UserUnfollowed', data: { userId, targetId: command.targetId, unfollowedAt: at } }]);
  }
}

function createUser(command: CreateUser, state: UserState): Decision {
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

function renameUser(command: RenameUser, state: ActiveUser): Decision {
  if (!isValidLogin(command.login)) return left({ _tag: 'InvalidLogin', login: command.login });
  if (command.login === state.login) return right([]);
  const data = { userId: state.userId, previousLogin: state.login, login: command.login, renamedAt: command.now.toISOString() };
  return right([{ type: 'UserRenamed', data }]);
}

function deleteUser(command: DeleteUser, state: ActiveUser): Decision {
  if (command.by === state.userId) return left({ _tag: 'SelfAdministrationRefused', action: 'delete' });
  return right([{ type: 'UserDeleted', data: { userId: state.userId, login: state.login, deletedAt: command.now.toISOString() } }]);
}

function setSiteAdmin(command: SetSiteAdmin, state: ActiveUser): Decision {
  if (command.siteAdmin === state.siteAdmin) return right([]);
  const at = command.now.toISOString();
  if (command.siteAdmin) return right([{ type: 'SiteAdminGranted', data: { userId: state.userId, grantedAt: at } }]);
  if (command.by === state.userId) return left({ _tag: 'SelfAdministrationRefused', action: 'demote' });
  return right([{ type: 'SiteAdminRevoked', data: { userId: state.userId, revokedAt: at } }]);
}

function suspendUser(command: SuspendUser, state: ActiveUser): Decision {
  if (command.by === state.userId) return left({ _tag: 'SelfAdministrationRefused', action: 'suspend' });
  if (state.suspended) return right([]);
  return right([{ type: 'UserSuspended', data: { userId: state.userId, reason: command.reason, suspendedAt: command.now.toISOString() } }]);
}

// GitHub's limits on what a profile shows to everyone.
const PROFILE_FIELD_LIMITS = { bio: 160, name: 255, company: 255, location: 255, blog: 255, twitter_username: 15 } as const;

function updateProfile(command: UpdateProfile, state: ActiveUser): Decision {
  const { email } = command.changes;
  if (typeof email === 'string' && !isValidEmail(email)) return left({ _tag: 'InvalidEmail', email });
  for (const [field, maximumLength] of Object.entries(PROFILE_FIELD_LIMITS)) {
    const value = (command.changes as Record<string, unknown>)[field];
    if (typeof value === 'string' && [...value].length > maximumLength) return left({ _tag: 'ProfileFieldTooLong', field, maximumLength });
  }
  if (Object.keys(command.changes).length === 0) return right([]);
  return right([{ type: 'UserProfileUpdated', data: { userId: state.userId, changes: command.changes, updatedAt: command.now.toISOString() } }]);
}

function changePassword(command: ChangePassword, state: ActiveUser): Decision {
  if (state.passwordHash !== command.verifiedPasswordHash) return left({ _tag: 'WrongOldPassword' });
  return right([{ type: 'UserPasswordChanged', data: { userId: state.userId, passwordHash: command.newPasswordHash, changedAt: command.now.toISOString() } }]);
}

function followUser(command: FollowUser, state: ActiveUser): Decision {
  if (command.targetId === state.userId) return left({ _tag: 'CannotFollowYourself' });
  if (state.following.includes(command.targetId)) return right([]);
  return right([{ type: 'UserFollowed', data: { userId: state.userId, targetId: command.targetId, followedAt: command.now.toISOString() } }]);
}

// A user's stream holds every follow: snapshotted (bump with evolve's meaning or the state's shape).
export const userDecider: Decider<UserCommand, UserState, UserEvent, AccountsError> = { initialState, evolve, decide, snapshot: { name: 'user', version: 1 } };
export const userStream = (userId: number): string => `user-${userId}`;
