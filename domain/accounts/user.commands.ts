import type { ProfileChanges } from './user.events.js';

// Commands carry the clock (`now`) and every id, so the decider stays pure. `by` is the
// acting user, where a rule depends on who acts.
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

export interface RenameUser {
  readonly type: 'RenameUser';
  readonly userId: number;
  readonly login: string;
  readonly now: Date;
}
export interface DeleteUser {
  readonly type: 'DeleteUser';
  readonly userId: number;
  readonly by: number | null;
  readonly now: Date;
}
export interface SetSiteAdmin {
  readonly type: 'SetSiteAdmin';
  readonly userId: number;
  readonly siteAdmin: boolean;
  readonly by: number | null;
  readonly now: Date;
}
export interface SuspendUser {
  readonly type: 'SuspendUser';
  readonly userId: number;
  readonly reason: string | null;
  readonly by: number | null;
  readonly now: Date;
}
export interface UnsuspendUser {
  readonly type: 'UnsuspendUser';
  readonly userId: number;
  readonly reason: string | null;
  readonly now: Date;
}
export interface UpdateProfile {
  readonly type: 'UpdateProfile';
  readonly userId: number;
  readonly changes: ProfileChanges;
  readonly now: Date;
}

// The old password was verified against `verifiedPasswordHash` outside the decider (scrypt is
// not pure); the decider refuses if the stored hash has changed since.
export interface ChangePassword {
  readonly type: 'ChangePassword';
  readonly userId: number;
  readonly verifiedPasswordHash: string;
  readonly newPasswordHash: string;
  readonly now: Date;
}

// An operator's reset (`forgelog admin reset-password`): no old password to prove.
export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly userId: number;
  readonly newPasswordHash: string;
  readonly now: Date;
}

export interface EnableTwoFactor {
  readonly type: 'EnableTwoFactor';
  readonly userId: number;
  readonly encryptedTotpSecret: string;
  readonly now: Date;
}
export interface DisableTwoFactor {
  readonly type: 'DisableTwoFactor';
  readonly userId: number;
  readonly now: Date;
}
export interface FollowUser {
  readonly type: 'FollowUser';
  readonly userId: number;
  readonly targetId: number;
  readonly now: Date;
}
export interface UnfollowUser {
  readonly type: 'UnfollowUser';
  readonly userId: number;
  readonly targetId: number;
  readonly now: Date;
}

export type UserCommand =
  | CreateUser
  | RenameUser
  | DeleteUser
  | SetSiteAdmin
  | SuspendUser
  | UnsuspendUser
  | UpdateProfile
  | ChangePassword
  | ResetPassword
  | EnableTwoFactor
  | DisableTwoFactor
  | FollowUser
  | UnfollowUser;
