import { expect } from 'chai';
import { userDecider, type UserState } from '../../../domain/accounts/user.decider.js';
import type { UserEvent } from '../../../domain/accounts/user.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = now.toISOString();
const created: UserEvent = {
  type: 'UserCreated',
  data: { userId: 7, login: 'octocat', email: null, name: null, siteAdmin: false, passwordHash: 'scrypt$old', createdAt: at },
};
const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 7, login: 'octocat', deletedAt: at } };

describe('user decider: site administration', () => {
  const spec = deciderSpec(userDecider);

  it('renames to a valid login, recording both logins', () => {
    spec
      .given([created])
      .when({ type: 'RenameUser', userId: 7, login: 'monalisa', now })
      .then([{ type: 'UserRenamed', data: { userId: 7, previousLogin: 'octocat', login: 'monalisa', renamedAt: at } }]);
  });

  it('renames to the same login as a no-op, and refuses an invalid one', () => {
    spec.given([created]).when({ type: 'RenameUser', userId: 7, login: 'octocat', now }).then([]);
    spec.given([created]).when({ type: 'RenameUser', userId: 7, login: 'octo--cat', now }).thenFails('InvalidLogin');
  });

  it('deletes a user, then treats it as not found for every command', () => {
    spec.given([created]).when({ type: 'DeleteUser', userId: 7, by: 1, now }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteUser', userId: 7, by: 1, now }).thenFails('UserNotFound');
    spec.given([created, deleted]).when({ type: 'FollowUser', userId: 7, targetId: 8, now }).thenFails('UserNotFound');
    spec.given([]).when({ type: 'SetSiteAdmin', userId: 7, siteAdmin: true, by: 1, now }).thenFails('UserNotFound');
  });

  it('grants and revokes site admin, each only when it changes something', () => {
    const granted: UserEvent = { type: 'SiteAdminGranted', data: { userId: 7, grantedAt: at } };
    spec.given([created]).when({ type: 'SetSiteAdmin', userId: 7, siteAdmin: true, by: 1, now }).then([granted]);
    spec.given([created, granted]).when({ type: 'SetSiteAdmin', userId: 7, siteAdmin: true, by: 1, now }).then([]);
    spec
      .given([created, granted])
      .when({ type: 'SetSiteAdmin', userId: 7, siteAdmin: false, by: 1, now })
      .then([{ type: 'SiteAdminRevoked', data: { userId: 7, revokedAt: at } }]);
    spec.given([created]).when({ type: 'SetSiteAdmin', userId: 7, siteAdmin: false, by: 1, now }).then([]);
  });

  it('refuses a site admin demoting, suspending or deleting themselves', () => {
    const admin: UserEvent = { type: 'UserCreated', data: { ...created.data, siteAdmin: true } } as UserEvent;
    spec.given([admin]).when({ type: 'SetSiteAdmin', userId: 7, siteAdmin: false, by: 7, now }).thenFails('SelfAdministrationRefused');
    spec.given([admin]).when({ type: 'SuspendUser', userId: 7, reason: null, by: 7, now }).thenFails('SelfAdministrationRefused');
    spec.given([admin]).when({ type: 'DeleteUser', userId: 7, by: 7, now }).thenFails('SelfAdministrationRefused');
  });

  it('suspends and unsuspends with a reason, idempotently', () => {
    const suspended: UserEvent = { type: 'UserSuspended', data: { userId: 7, reason: 'spam', suspendedAt: at } };
    spec.given([created]).when({ type: 'SuspendUser', userId: 7, reason: 'spam', by: 1, now }).then([suspended]);
    spec.given([created, suspended]).when({ type: 'SuspendUser', userId: 7, reason: 'again', by: 1, now }).then([]);
    spec
      .given([created, suspended])
      .when({ type: 'UnsuspendUser', userId: 7, reason: null, now })
      .then([{ type: 'UserUnsuspended', data: { userId: 7, reason: null, unsuspendedAt: at } }]);
    spec.given([created]).when({ type: 'UnsuspendUser', userId: 7, reason: null, now }).then([]);
  });
});

describe("user decider: the user's own account", () => {
  const spec = deciderSpec(userDecider);

  it('updates the profile with the fields given, refusing an invalid email', () => {
    spec
      .given([created])
      .when({ type: 'UpdateProfile', userId: 7, changes: { name: 'Mona', hireable: true }, now })
      .then([{ type: 'UserProfileUpdated', data: { userId: 7, changes: { name: 'Mona', hireable: true }, updatedAt: at } }]);
    spec.given([created]).when({ type: 'UpdateProfile', userId: 7, changes: {}, now }).then([]);
    spec
      .given([created])
      .when({ type: 'UpdateProfile', userId: 7, changes: { email: 'nope' }, now })
      .thenFails('InvalidEmail');
  });

  it('keeps the email the user has now: from creation, changed or cleared by the profile, unchanged by other fields', () => {
    const emailAfter = (events: readonly UserEvent[]): string | null | undefined => {
      const state: UserState = events.reduce(userDecider.evolve, userDecider.initialState());
      return state.status === 'active' ? state.email : undefined;
    };
    const withEmail: UserEvent = { ...created, data: { ...created.data, email: 'mona@example.com' } } as UserEvent;
    const profile = (changes: object): UserEvent => ({ type: 'UserProfileUpdated', data: { userId: 7, changes, updatedAt: at } });
    expect(emailAfter([created])).to.equal(null);
    expect(emailAfter([withEmail])).to.equal('mona@example.com');
    expect(emailAfter([withEmail, profile({ name: 'Mona' })])).to.equal('mona@example.com');
    expect(emailAfter([withEmail, profile({ email: 'octo@example.com' })])).to.equal('octo@example.com');
    expect(emailAfter([withEmail, profile({ email: null })])).to.equal(null);
  });

  it('changes the password only against the hash the old password was verified with', () => {
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId: 7, passwordHash: 'scrypt$new', changedAt: at } };
    const command = { type: 'ChangePassword' as const, userId: 7, verifiedPasswordHash: 'scrypt$old', newPasswordHash: 'scrypt$new', now };
    spec.given([created]).when(command).then([changed]);
    // A concurrent change since the verification: the old password proved nothing.
    spec.given([created, changed]).when(command).thenFails('WrongOldPassword');
  });

  it('enables two-factor once with the ciphertext the command carries, and disables it', () => {
    const enabled: UserEvent = { type: 'TwoFactorEnabled', data: { userId: 7, totpSecret: 'v1.a.b.c', enabledAt: at } };
    spec.given([created]).when({ type: 'EnableTwoFactor', userId: 7, encryptedTotpSecret: 'v1.a.b.c', now }).then([enabled]);
    spec.given([created, enabled]).when({ type: 'EnableTwoFactor', userId: 7, encryptedTotpSecret: 'v1.d.e.f', now }).thenFails('TwoFactorAlreadyEnabled');
    spec
      .given([created, enabled])
      .when({ type: 'DisableTwoFactor', userId: 7, now })
      .then([{ type: 'TwoFactorDisabled', data: { userId: 7, disabledAt: at } }]);
    spec.given([created]).when({ type: 'DisableTwoFactor', userId: 7, now }).then([]);
  });

  it('follows and unfollows idempotently, and never itself', () => {
    const followed: UserEvent = { type: 'UserFollowed', data: { userId: 7, targetId: 8, followedAt: at } };
    spec.given([created]).when({ type: 'FollowUser', userId: 7, targetId: 8, now }).then([followed]);
    spec.given([created, followed]).when({ type: 'FollowUser', userId: 7, targetId: 8, now }).then([]);
    spec.given([created]).when({ type: 'FollowUser', userId: 7, targetId: 7, now }).thenFails('CannotFollowYourself');
    spec
      .given([created, followed])
      .when({ type: 'UnfollowUser', userId: 7, targetId: 8, now })
      .then([{ type: 'UserUnfollowed', data: { userId: 7, targetId: 8, unfollowedAt: at } }]);
    spec.given([created]).when({ type: 'UnfollowUser', userId: 7, targetId: 8, now }).then([]);
  });
});
