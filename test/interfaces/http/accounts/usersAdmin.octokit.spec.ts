import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../../../support/testServer.js';
import { USER_PASSWORD, createUser } from './usersTestSupport.js';

async function statusOf(request: Promise<{ status: number }>): Promise<number> {
  try {
    return (await request).status;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('HTTP users, profile, follows and site admin (@octokit/rest 20.1.0)', () => {
  let server: TestServer;
  let admin: Octokit;
  let octocat: Octokit;
  before(async () => {
    server = await startTestServer();
    admin = basicOctokit(server, 'admin', ADMIN_PASSWORD);
    for (const login of ['octocat', 'hubot', 'monalisa']) await createUser(server, login);
    octocat = basicOctokit(server, 'octocat', USER_PASSWORD);
  });
  after(async () => server.close());

  it('users.updateAuthenticated changes the profile and answers a private-user', async () => {
    const updated = await octocat.rest.users.updateAuthenticated({ name: 'Mona Octocat', bio: 'Loves octokit', hireable: false, location: 'Remote' });
    expect(updated.status).to.equal(200);
    expectSchema('private-user', updated.data);
    expect(updated.data).to.include({ login: 'octocat', name: 'Mona Octocat', bio: 'Loves octokit', hireable: false, location: 'Remote' });
    const read = await admin.rest.users.getByUsername({ username: 'octocat' });
    expect(read.data).to.include({ name: 'Mona Octocat', location: 'Remote' });
  });

  it('refuses a login change through PATCH /user with a RequestError 422', async () => {
    try {
      await octocat.request('PATCH /user', { login: 'octocat2' });
      expect.fail('expected a 422');
    } catch (error) {
      const requestError = error as { status: number; response: { data: { errors: unknown[] } } };
      expect(requestError.status).to.equal(422);
      expect(requestError.response.data.errors).to.deep.equal([{ resource: 'User', field: 'login', code: 'invalid', message: 'login cannot be changed' }]);
    }
  });

  it('users.follow / checkPersonIsFollowedByAuthenticated / checkFollowingForUser / unfollow', async () => {
    expect((await octocat.rest.users.follow({ username: 'hubot' })).status).to.equal(204);
    expect((await octocat.rest.users.follow({ username: 'monalisa' })).status).to.equal(204);
    expect((await octocat.rest.users.checkPersonIsFollowedByAuthenticated({ username: 'hubot' })).status).to.equal(204);
    expect((await admin.rest.users.checkFollowingForUser({ username: 'octocat', target_user: 'hubot' })).status).to.equal(204);
    expect(await statusOf(admin.rest.users.checkFollowingForUser({ username: 'hubot', target_user: 'octocat' }))).to.equal(404);
    const following = await octocat.rest.users.listFollowedByAuthenticatedUser();
    expectArrayOf('simple-user', following.data);
    expect(following.data.map((u) => u.login)).to.deep.equal(['hubot', 'monalisa']);
    const followers = await admin.rest.users.listFollowersForUser({ username: 'hubot' });
    expectArrayOf('simple-user', followers.data);
    expect(followers.data.map((u) => u.login)).to.deep.equal(['octocat']);
    const hubot = basicOctokit(server, 'hubot', USER_PASSWORD);
    expect((await hubot.rest.users.listFollowersForAuthenticatedUser()).data.map((u) => u.login)).to.deep.equal(['octocat']);
    expect((await octocat.rest.users.unfollow({ username: 'hubot' })).status).to.equal(204);
    expect(await statusOf(octocat.rest.users.checkPersonIsFollowedByAuthenticated({ username: 'hubot' }))).to.equal(404);
    const listed = await admin.rest.users.listFollowingForUser({ username: 'octocat', per_page: 1 });
    expect(listed.data.map((u) => u.login)).to.deep.equal(['monalisa']);
    expect(listed.headers.link).to.equal(undefined);
    const me = await octocat.rest.users.getAuthenticated();
    expect(me.data).to.include({ following: 1, followers: 0 });
  });

  it('paginates followers with octokit.paginate over the Link header', async () => {
    for (const login of ['f-1', 'f-2', 'f-3']) {
      await createUser(server, login);
      await basicOctokit(server, login, USER_PASSWORD).rest.users.follow({ username: 'monalisa' });
    }
    const all = await admin.paginate(admin.rest.users.listFollowersForUser, { username: 'monalisa', per_page: 2 });
    expect(all.map((u) => u.login)).to.deep.equal(['octocat', 'f-1', 'f-2', 'f-3']);
  });

  it('changes the password through PATCH /user/password', async () => {
    expect((await octocat.request('PATCH /user/password', { old_password: USER_PASSWORD, new_password: 'octokit password' })).status).to.equal(204);
    expect(await statusOf(octocat.rest.users.getAuthenticated())).to.equal(401);
    octocat = basicOctokit(server, 'octocat', 'octokit password');
    expect((await octocat.rest.users.getAuthenticated()).data.login).to.equal('octocat');
  });

  it('site admin: rename (202), promote, suspend, unsuspend, demote and delete through octokit.request', async () => {
    const renamed = await admin.request('PATCH /admin/users/{username}', { username: 'monalisa', login: 'mona-lisa' });
    expect(renamed.status).to.equal(202);
    expect(renamed.data).to.include({ message: 'Job queued to rename user. It may take a few minutes to complete.' });
    const monalisa = await admin.rest.users.getByUsername({ username: 'mona-lisa' });
    expect(monalisa.data.followers).to.equal(4);
    expect((await admin.request('PUT /users/{username}/site_admin', { username: 'hubot' })).status).to.equal(204);
    expect((await admin.rest.users.getByUsername({ username: 'hubot' })).data.site_admin).to.equal(true);
    expect((await admin.request('PUT /users/{username}/suspended', { username: 'octocat', reason: 'Testing' })).status).to.equal(204);
    const suspended = await statusOf(octocat.rest.users.getAuthenticated());
    expect(suspended).to.equal(403);
    expect((await admin.request('DELETE /users/{username}/suspended', { username: 'octocat' })).status).to.equal(204);
    expect((await octocat.rest.users.getAuthenticated()).status).to.equal(200);
    expect((await admin.request('DELETE /users/{username}/site_admin', { username: 'hubot' })).status).to.equal(204);
    expect((await admin.request('DELETE /admin/users/{username}', { username: 'mona-lisa' })).status).to.equal(204);
    expect(await statusOf(admin.rest.users.getByUsername({ username: 'mona-lisa' }))).to.equal(404);
    expect((await octocat.rest.users.getAuthenticated()).data.following).to.equal(0);
  });
});
