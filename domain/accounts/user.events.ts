import type { DomainEvent } from '../shared/event.js';

export type UserCreated = DomainEvent<
  'UserCreated',
  {
    readonly userId: number;
    readonly login: string;
    readonly email: string | null;
    readonly name: string | null;
    readonly siteAdmin: boolean;
    // scrypt hash of the password, never the password itself; null for users without one
    readonly passwordHash: string | null;
    readonly createdAt: string;
  }
>;

// `login` is the new login: the audit trail folds `login` fields to name an actor at a given time.
export type UserRenamed = DomainEvent<
  'UserRenamed',
  { readonly userId: number; readonly previousLogin: string; readonly login: string; readonly renamedAt: string }
>;
export type UserDeleted = DomainEvent<'UserDeleted', { readonly userId: number; readonly login: string; readonly deletedAt: string }>;

export type SiteAdminGranted = DomainEvent<'SiteAdminGranted', { readonly userId: number; readonly grantedAt: string }>;
export type SiteAdminRevoked = DomainEvent<'SiteAdminRevoked', { readonly userId: number; readonly revokedAt: string }>;

export type UserSuspended = DomainEvent<'UserSuspended', { readonly userId: number; readonly reason: string | null; readonly suspendedAt: string }>;
export type UserUnsuspended = DomainEvent<'UserUnsuspended', { readonly userId: number; readonly reason: string | null; readonly unsuspendedAt: string }>;

// The fields PATCH /user may change; only the ones the request carried are present.
export interface ProfileChanges {
  readonly name?: string | null;
  readonly email?: string | null;
  readonly blog?: string;
  readonly twitter_username?: string | null;
  readonly company?: string | null;
  readonly location?: string | null;
  readonly hireable?: boolean | null;
  readonly bio?: string | null;
}
export type UserProfileUpdated = DomainEvent<'UserProfileUpdated', { readonly userId: number; readonly changes: ProfileChanges; readonly updatedAt: string }>;

export type UserPasswordChanged = DomainEvent<'UserPasswordChanged', { readonly userId: number; readonly passwordHash: string; readonly changedAt: string }>;

// The TOTP secret only ever appears encrypted (AES-256-GCM under a key outside the log).
export type TwoFactorEnabled = DomainEvent<'TwoFactorEnabled', { readonly userId: number; readonly totpSecret: string; readonly enabledAt: string }>;
export type TwoFactorDisabled = DomainEvent<'TwoFactorDisabled', { readonly userId: number; readonly disabledAt: string }>;

// Follows live in the follower's stream: following is something the follower does.
export type UserFollowed = DomainEvent<'UserFollowed', { readonly userId: number; readonly targetId: number; readonly followedAt: string }>;
export type UserUnfollowed = DomainEvent<'UserUnfollowed', { readonly userId: number; readonly targetId: number; readonly unfollowedAt: string }>;

export type UserEvent =
  | UserCreated
  | UserRenamed
  | UserDeleted
  | SiteAdminGranted
  | SiteAdminRevoked
  | UserSuspended
  | UserUnsuspended
  | UserProfileUpdated
  | UserPasswordChanged
  | TwoFactorEnabled
  | TwoFactorDisabled
  | UserFollowed
  | UserUnfollowed;
