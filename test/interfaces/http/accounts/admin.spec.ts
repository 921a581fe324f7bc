import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { asUser, call, createUser } from './usersTestSupport.js';

describe('HTTP site-admin users API (fetch)', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = server.adminAuthorization;
    for (const login of ['mona', 'hubot', 'renamed-1', 'doomed', 'promoted', 'suspect', 'stranger']) await createUser(server, login);
  });
  after(async () => server.close());

  describe('PATCH /admin/users/{username} (rename)', () => {
    it('answers 202 as GitHub Enterprise does and the new login is visible at once', async () => {
      const before = await call(server, 'GET', '/users/mona', null);
      const renamed = await call(server, 'PATCH', '/admin/users/mona', admin, { login: 'monalisa' });
      expect(renamed.status).to.equal(202);
      expect(renamed.body).to.deep.equal({
        message: 'Job queued to rename user. It may take a few minutes to complete.',
        url: `${server.url}/user/${before.body.id}`,
      });
      const byUrl = await call(server, 'GET', `/user/${before.body.id}`, null);
      expectSchema('public-user', byUrl.body);
      expect(byUrl.body).to.include({ login: 'monalisa', id: before.body.id, url: `${server.url}/users/monalisa` });
      expect((await call(server, 'GET', '/users/monalisa', null)).body.id).to.equal(before.body.id);
      expect((await call(server, 'GET', '/users/mona', null)).status).to.equal(404);
    });

    it('keeps the password working under the new login, and frees the old login', async () => {
      expect((await call(server, 'GET', '/user', asUser('monalisa'))).body.login).to.equal('monalisa');
      expect((await call(server, 'GET', '/user', asUser('mona'))).status).to.equal(401);
      // mona@example.com went with the account: the newcomer brings another address.
      const reused = await call(server, 'POST', '/admin/users', admin, { login: 'mona', email: 'new-mona@example.com' });
      expect(reused.status).to.equal(201);
      expect((await call(server, 'GET', '/users/mona', null)).body.id).to.equal(reused.body.id);
    });

    it('refuses a login already taken (422 already_exists) and an invalid one (422 invalid)', async () => {
      const taken = await call(server, 'PATCH', '/admin/users/hubot', admin, { login: 'MONALISA' });
      expect(taken.status).to.equal(422);
      expectSchema('validation-error', taken.body);
      expect(taken.body.errors).to.deep.equal([{ resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
      const invalid = await call(server, 'PATCH', '/admin/users/hubot', admin, { login: 'bad--login' });
      expect(invalid.body.errors[0]).to.include({ resource: 'User', field: 'login', code: 'invalid' });
      const wrongType = await call(server, 'PATCH', '/admin/users/hubot', admin, { login: 7 });
      expect(wrongType.body.errors).to.deep.equal([{ resource: 'User', field: 'login', code: 'invalid' }]);
      expect((await call(server, 'GET', '/users/hubot', null)).status).to.equal(200);
    });

    it('renames a change of case only, keeping the reservation', async () => {
      const renamed = await call(server, 'PATCH', '/admin/users/renamed-1', admin, { login: 'Renamed-1' });
      expect(renamed.status).to.equal(202);
      expect((await call(server, 'GET', '/users/renamed-1', null)).body.login).to.equal('Renamed-1');
      expect((await call(server, 'POST', '/admin/users', admin, { login: 'RENAMED-1' })).status).to.equal(422);
    });

    it('answers 404 for an unknown user', async () => {
      const missing = await call(server, 'PATCH', '/admin/users/nobody', admin, { login: 'somebody' });
      expect(missing.status).to.equal(404);
      expectSchema('basic-error', missing.body);
      expect((await call(server, 'POST', '/admin/users', admin, { login: 'somebody' })).status).to.equal(201);
    });
  });

  describe('DELETE /admin/users/{username}', () => {
    it('answers 204; the user is gone and the login free again', async () => {
      const deleted = await call(server, 'DELETE', '/admin/users/doomed', admin);
      expect(deleted.status).to.equal(204);
      expect(deleted.body).to.equal(null);
      expect((await call(server, 'GET', '/users/doomed', null)).status).to.equal(404);
      expect((await call(server, 'GET', '/user', asUser('doomed'))).status).to.equal(401);
      expect((await call(server, 'DELETE', '/admin/users/doomed', admin)).status).to.equal(404);
      await createUser(server, 'doomed');
    });

    it('refuses to let a site administrator delete themselves (403)', async () => {
      const refused = await call(server, 'DELETE', '/admin/users/admin', admin);
      expect(refused.status).to.equal(403);
      expect(refused.body.message).to.equal('Site administrators cannot delete themselves.');
      expect((await call(server, 'GET', '/users/admin', null)).status).to.equal(200);
    });
  });

  describe('PUT/DELETE /users/{username}/site_admin', () => {
    it('promotes and demotes, idempotently, and the new site admin may use the admin API', async () => {
      expect((await call(server, 'POST', '/admin/users', asUser('promoted'), { login: 'by-promoted' })).status).to.equal(403);
      for (let i = 0; i < 2; i++) expect((await call(server, 'PUT', '/users/promoted/site_admin', admin)).status).to.equal(204);
      expect((await call(server, 'GET', '/users/promoted', null)).body.site_admin).to.equal(true);
      expect((await call(server, 'POST', '/admin/users', asUser('promoted'), { login: 'by-promoted' })).status).to.equal(201);
      for (let i = 0; i < 2; i++) expect((await call(server, 'DELETE', '/users/promoted/site_admin', admin)).status).to.equal(204);
      const demoted = await call(server, 'GET', '/users/promoted', null);
      expectSchema('public-user', demoted.body);
      expect(demoted.body.site_admin).to.equal(false);
      expect((await call(server, 'POST', '/admin/users', asUser('promoted'), { login: 'by-promoted-2' })).status).to.equal(403);
    });

    it('refuses a site administrator demoting themselves (403) and unknown users (404)', async () => {
      const refused = await call(server, 'DELETE', '/users/admin/site_admin', admin);
      expect(refused.status).to.equal(403);
      expect(refused.body.message).to.equal('Site administrators cannot demote themselves.');
      expect((await call(server, 'PUT', '/users/nobody/site_admin', admin)).status).to.equal(404);
    });
  });

  describe('PUT/DELETE /users/{username}/suspended', () => {
    it("a suspended user cannot authenticate (403 with GitHub's message); unsuspended, they can", async () => {
      expect((await call(server, 'GET', '/user', asUser('suspect'))).status).to.equal(200);
      const suspended = await call(server, 'PUT', '/users/suspect/suspended', admin, { reason: 'Sent spam' });
      expect(suspended.status).to.equal(204);
      const refused = await call(server, 'GET', '/user', asUser('suspect'));
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal({ message: 'Sorry. Your account was suspended.', documentation_url: 'https://docs.github.com/rest', status: '403' });
      expect((await call(server, 'GET', '/users/suspect', asUser('suspect'))).status).to.equal(403);
      expect((await call(server, 'GET', '/user', asUser('suspect', 'wrong password'))).status).to.equal(401);
      expect((await call(server, 'GET', '/users/suspect', null)).status).to.equal(200);
      expect((await call(server, 'PUT', '/users/suspect/suspended', admin)).status).to.equal(204);
      expect((await call(server, 'DELETE', '/users/suspect/suspended', admin, { reason: 'Appeal granted' })).status).to.equal(204);
      expect((await call(server, 'GET', '/user', asUser('suspect'))).status).to.equal(200);
      expect((await call(server, 'DELETE', '/users/suspect/suspended', admin)).status).to.equal(204);
    });

    it('refuses a site administrator suspending themselves (403) and a reason of the wrong type (422)', async () => {
      const refused = await call(server, 'PUT', '/users/admin/suspended', admin);
      expect(refused.status).to.equal(403);
      expectSchema('basic-error', refused.body);
      expect(refused.body.message).to.equal('Site administrators cannot suspend themselves.');
      expect((await call(server, 'GET', '/user', admin)).status).to.equal(200);
      const badReason = await call(server, 'PUT', '/users/suspect/suspended', admin, { reason: 42 });
      expect(badReason.status).to.equal(422);
      expect(badReason.body.errors).to.deep.equal([{ resource: 'User', field: 'reason', code: 'invalid' }]);
    });
  });

  it('answers every site-admin route with 401 without credentials and 403 for a user who is not a site admin', async () => {
    const routes: [string, string, unknown?][] = [
      ['PATCH', '/admin/users/hubot', { login: 'x-hubot' }],
      ['DELETE', '/admin/users/hubot'],
      ['PUT', '/users/hubot/site_admin'],
      ['DELETE', '/users/hubot/site_admin'],
      ['PUT', '/users/hubot/suspended'],
      ['DELETE', '/users/hubot/suspended'],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await call(server, method, path, null, body);
      expect(anonymous.status, `${method} ${path}`).to.equal(401);
      expect(anonymous.body.message).to.equal('Requires authentication');
      const stranger = await call(server, method, path, asUser('stranger'), body);
      expect(stranger.status, `${method} ${path}`).to.equal(403);
      expect(stranger.body.message).to.equal('Must be a site administrator.');
    }
    const hubot = await call(server, 'GET', '/users/hubot', null);
    expect(hubot.body).to.include({ login: 'hubot', site_admin: false });
    expect((await call(server, 'GET', '/user', asUser('hubot'))).status).to.equal(200);
  });
});
