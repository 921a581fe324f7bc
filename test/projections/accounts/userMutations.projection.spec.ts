import { expect } from 'chai';
import { usersProjection } from '../../../projections/accounts/users.projection.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T11:00:00.000Z';
const created = (userId: number, login: string) =>
  storedEvent(`user-${userId}`, 0, 'UserCreated', {
    userId,
    login,
    email: null,
    name: null,
    siteAdmin: false,
    passwordHash: `scrypt$${userId}`,
    createdAt: '2026-11-22T10:00:00.000Z',
  });
const event = (userId: number, revision: number, type: string, data: Record<string, unknown>) =>
  storedEvent(`user-${userId}`, revision, type, { userId, ...data });
type Dump = Record<string, Record<string, unknown>[]>;
const byId = (dump: Dump, collection: string, id: string) => dump[collection]!.find((document) => document._id === id);

describe('users projection: user mutations', () => {
  it('renames, updates, promotes, suspends, changes credentials; applied twice, the same model', async () => {
    const dump = (await expectIdempotent(usersProjection, [
      created(1, 'mona'),
      event(1, 1, 'UserRenamed', { previousLogin: 'mona', login: 'MonaLisa', renamedAt: at }),
      event(1, 2, 'UserProfileUpdated', { changes: { name: 'Mona', bio: 'hi', hireable: true }, updatedAt: at }),
      event(1, 3, 'SiteAdminGranted', { grantedAt: at }),
      event(1, 4, 'UserSuspended', { reason: 'spam', suspendedAt: at }),
      event(1, 5, 'UserPasswordChanged', { passwordHash: 'scrypt$new', changedAt: at }),
      event(1, 6, 'TwoFactorEnabled', { totpSecret: 'v1.iv.tag.ct', enabledAt: at }),
    ])) as Dump;
    expect(byId(dump, 'users', '1')).to.deep.include({
      login: 'MonaLisa',
      login_key: 'monalisa',
      name: 'Mona',
      bio: 'hi',
      hireable: true,
      site_admin: true,
      suspended_at: at,
      updated_at: at,
    });
    expect(byId(dump, 'credentials', '1')).to.deep.equal({
      _id: '1',
      user_id: 1,
      login_key: 'monalisa',
      password_hash: 'scrypt$new',
      totp_secret: 'v1.iv.tag.ct',
    });
  });

  it('keeps former logins for redirects until another account takes the login or the account goes', async () => {
    const dump = (await expectIdempotent(usersProjection, [
      created(1, 'mona'),
      event(1, 1, 'UserRenamed', { previousLogin: 'mona', login: 'MonaLisa', renamedAt: at }),
      event(1, 2, 'UserRenamed', { previousLogin: 'MonaLisa', login: 'Mona-2', renamedAt: at }),
      created(2, 'MONALISA'),
      created(3, 'hubot'),
      event(3, 1, 'UserRenamed', { previousLogin: 'hubot', login: 'HUBOT', renamedAt: at }),
      created(4, 'octo'),
      event(4, 1, 'UserRenamed', { previousLogin: 'octo', login: 'octocat', renamedAt: at }),
      event(4, 2, 'UserDeleted', { login: 'octocat', deletedAt: at }),
    ])) as Dump;
    expect(dump.former_logins).to.deep.equal([{ _id: 'mona', login: 'mona', account_id: 1, renamed_at: at }]);
  });

  it('undoes suspension, admin and two-factor', async () => {
    const dump = (await expectIdempotent(usersProjection, [
      created(1, 'mona'),
      event(1, 1, 'SiteAdminGranted', { grantedAt: at }),
      event(1, 2, 'UserSuspended', { reason: null, suspendedAt: at }),
      event(1, 3, 'TwoFactorEnabled', { totpSecret: 'v1.iv.tag.ct', enabledAt: at }),
      event(1, 4, 'SiteAdminRevoked', { revokedAt: at }),
      event(1, 5, 'UserUnsuspended', { reason: null, unsuspendedAt: at }),
      event(1, 6, 'TwoFactorDisabled', { disabledAt: at }),
    ])) as Dump;
    expect(byId(dump, 'users', '1')).to.deep.include({ site_admin: false, suspended_at: null });
    expect(byId(dump, 'credentials', '1')!.totp_secret).to.equal(null);
  });

  it('keeps follow counts as recounts of the edges: applied twice, never double-counted', async () => {
    const dump = (await expectIdempotent(usersProjection, [
      created(1, 'a'),
      created(2, 'b'),
      created(3, 'c'),
      event(1, 1, 'UserFollowed', { targetId: 2, followedAt: at }),
      event(3, 1, 'UserFollowed', { targetId: 2, followedAt: at }),
      event(2, 1, 'UserFollowed', { targetId: 1, followedAt: at }),
      event(3, 2, 'UserFollowed', { targetId: 1, followedAt: at }),
      event(3, 3, 'UserUnfollowed', { targetId: 1, unfollowedAt: at }),
    ])) as Dump;
    expect(byId(dump, 'users', '1')).to.deep.include({ followers: 1, following: 1 });
    expect(byId(dump, 'users', '2')).to.deep.include({ followers: 2, following: 1 });
    expect(byId(dump, 'users', '3')).to.deep.include({ followers: 0, following: 1 });
    expect(dump.follows!.map((edge) => edge._id)).to.deep.equal(['1:2', '2:1', '3:2']);
  });

  it('deletes a user with its credentials and both directions of its follows, recounting the others', async () => {
    const dump = (await expectIdempotent(usersProjection, [
      created(1, 'a'),
      created(2, 'b'),
      created(3, 'c'),
      event(1, 1, 'UserFollowed', { targetId: 2, followedAt: at }),
      event(2, 1, 'UserFollowed', { targetId: 3, followedAt: at }),
      event(3, 1, 'UserFollowed', { targetId: 1, followedAt: at }),
      event(2, 2, 'UserDeleted', { login: 'b', deletedAt: at }),
      // A follow of an account already gone leaves no edge.
      event(3, 2, 'UserFollowed', { targetId: 2, followedAt: at }),
    ])) as Dump;
    expect(dump.users!.map((user) => user.login)).to.deep.equal(['a', 'c']);
    expect(dump.credentials!.map((credential) => credential._id)).to.deep.equal(['1', '3']);
    expect(dump.follows!.map((edge) => edge._id)).to.deep.equal(['3:1']);
    expect(byId(dump, 'users', '1')).to.deep.include({ followers: 1, following: 0 });
    expect(byId(dump, 'users', '3')).to.deep.include({ followers: 0, following: 1 });
  });
});
