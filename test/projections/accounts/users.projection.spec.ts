import { expect } from 'chai';
import { usersProjection } from '../../../projections/accounts/users.projection.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

describe('users projection', () => {
  const created = (userId: number, login: string) =>
    storedEvent(`user-${userId}`, 0, 'UserCreated', {
      userId,
      login,
      email: `${login.toLowerCase()}@example.com`,
      name: null,
      siteAdmin: userId === 1,
      passwordHash: `scrypt$${userId}`,
      createdAt: '2026-11-22T10:00:00.000Z',
    });

  it('applied twice leaves the same users and credentials', async () => {
    const dump = await expectIdempotent(usersProjection, [created(1, 'admin'), created(2, 'Octocat')]);
    expect(dump.users).to.have.length(2);
    expect(dump.users![1]).to.include({ _id: '2', id: 2, login: 'Octocat', login_key: 'octocat', site_admin: false, type: 'User' });
    expect(dump.credentials![1]).to.deep.equal({ _id: '2', user_id: 2, login_key: 'octocat', password_hash: 'scrypt$2', totp_secret: null });
  });

  it('keeps password hashes out of the users collection', async () => {
    const dump = await expectIdempotent(usersProjection, [created(3, 'hubot')]);
    expect(JSON.stringify(dump.users)).not.to.contain('scrypt$');
  });

  it('ignores events it does not know', async () => {
    const dump = await expectIdempotent(usersProjection, [storedEvent('sequence-user', 0, 'IdBlockReserved', { from: 1, to: 10 })]);
    expect(dump.users ?? []).to.deep.equal([]);
  });
});
