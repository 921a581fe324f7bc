import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { tokenHeader } from './authorizationsFixtures.js';

// Routes match a path whatever its letters' case, and answer HEAD with GET's handler: the scope
// table must hold a token to the same rule however the path is spelled or the method named.
describe('token scopes: the table applies to every spelling of a path, and to HEAD', () => {
  let server: TestServer;
  let ada: string;
  let notes = 0;
  const tokenWith = async (authorization: string, scopes: string[]) =>
    tokenHeader((await api(server, authorization, 'POST', '/authorizations', { scopes, note: `${scopes.join(' ')} ${(notes += 1)}` })).body.token as string);
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
    await createRepository(server, ada, { name: 'keep' });
  });
  after(async () => server.close());

  it('PATCH /User without the user scope: 404 naming the scope, the profile unchanged', async () => {
    const token = await tokenWith(ada, ['gist']);
    for (const path of ['/User', '/USER/', '/uSeR']) {
      const refused = await api(server, token, 'PATCH', path, { bio: 'changed by a gist token' });
      expect(refused.status, path).to.equal(404);
      expect(refused.headers.get('x-accepted-oauth-scopes'), path).to.equal('user');
    }
    expect((await api(server, null, 'GET', '/users/ada')).body.bio).to.equal(null);
  });

  it('DELETE /Repos/{owner}/{repo} without delete_repo: 404, the repository still there', async () => {
    const token = await tokenWith(ada, ['public_repo']);
    const refused = await api(server, token, 'DELETE', '/Repos/ada/keep');
    expect(refused.status).to.equal(404);
    expect(refused.headers.get('x-accepted-oauth-scopes')).to.equal('delete_repo');
    expect((await api(server, ada, 'GET', '/repos/ada/keep')).status).to.equal(200);
  });

  it("a site administrator's token without site_admin reaches no /Admin route", async () => {
    const token = await tokenWith(server.adminAuthorization, ['user']);
    const refused = await api(server, token, 'POST', '/Admin/users', { login: 'mallory', email: 'mallory@example.com' });
    expect(refused.status).to.equal(404);
    expect((await api(server, null, 'GET', '/users/mallory')).status).to.equal(404);
  });

  it('HEAD is held to the GET rule: no 200 (nor a body length) for what GET refuses', async () => {
    const token = await tokenWith(server.adminAuthorization, ['user']);
    const get = await fetch(`${server.url}/admin/oauth-applications`, { headers: { authorization: token } });
    expect(get.status).to.equal(404);
    const head = await fetch(`${server.url}/admin/oauth-applications`, { method: 'HEAD', headers: { authorization: token } });
    expect(head.status).to.equal(404);
    expect(head.headers.get('x-accepted-oauth-scopes')).to.equal('site_admin');
    expect(head.headers.get('content-length')).to.equal(get.headers.get('content-length'));
  });
});
