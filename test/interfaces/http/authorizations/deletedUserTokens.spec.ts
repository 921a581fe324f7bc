import { expect } from 'chai';
import { ADMIN_LOGIN, ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { registerApplication, tokenHeader } from './authorizationsFixtures.js';

// A site administrator deletes a user: their OAuth tokens end with them, and each token's
// history says when and why (it read as alive forever after).
describe('tokens of a deleted user', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-04-01T10:00:00Z'));

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
  });
  after(async () => server.close());

  it('end with the user: refused, their history closed by an oauth_authorization.destroy, gone as_of later', async () => {
    const app = await registerApplication(server);
    const gone = await createUser(server, 'gone');
    const kept = await createUser(server, 'kept');
    const personal = await api(server, gone, 'POST', '/authorizations', { scopes: ['user'], note: 'laptop' });
    const forApp = await api(server, gone, 'PUT', `/authorizations/clients/${app.clientId}`, { client_secret: app.clientSecret, scopes: ['gist'] });
    const other = await api(server, kept, 'POST', '/authorizations', { scopes: ['user'], note: 'laptop' });
    clock.advance(60_000);
    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/gone')).status).to.equal(204);
    clock.advance(60_000);

    for (const created of [personal, forApp]) {
      expect((await api(server, tokenHeader(created.body.token), 'GET', '/user')).status).to.equal(401);
      const history = await api(server, server.adminAuthorization, 'GET', `/authorizations/${created.body.id}/history`);
      expect(history.body.map((entry: { action: string }) => entry.action)).to.deep.equal(['oauth_authorization.create', 'oauth_authorization.destroy']);
      expect(history.body[1]).to.include({ reason: 'user_deleted', actor: ADMIN_LOGIN });
      const now = encodeURIComponent(clock.now().toISOString());
      expect((await api(server, server.adminAuthorization, 'GET', `/authorizations/${created.body.id}?as_of=${now}`)).status).to.equal(404);
    }
    // Another user's token is untouched.
    expect((await api(server, tokenHeader(other.body.token), 'GET', '/user')).body.login).to.equal('kept');
    expect((await api(server, kept, 'GET', '/authorizations')).body.map((token: { id: number }) => token.id)).to.deep.equal([other.body.id]);
  });
});
