import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { registerApplication, tokenHeader } from './authorizationsFixtures.js';

// GitHub's "Scopes for OAuth apps", Normalized scopes: "the token is saved with a normalized list
// of scopes, discarding those that are implicitly included by another requested scope. For
// example, requesting user,gist,user:email will result in a token with user and gist scopes only".
describe('HTTP OAuth authorizations: a token is saved with normalized scopes', () => {
  let server: TestServer;
  let ada: string;
  let app: { clientId: string; clientSecret: string };
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
    app = await registerApplication(server);
  });
  after(async () => server.close());

  it("POST: GitHub's example, user,gist,user:email is saved as user and gist; the token names those in X-OAuth-Scopes", async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['user', 'gist', 'user:email'], note: 'normalized' });
    expect(created.status).to.equal(201);
    expect(created.body.scopes).to.deep.equal(['user', 'gist']);
    expect((await api(server, ada, 'GET', `/authorizations/${created.body.id}`)).body.scopes).to.deep.equal(['user', 'gist']);
    expect((await api(server, tokenHeader(created.body.token), 'GET', '/user')).headers.get('x-oauth-scopes')).to.equal('user, gist');
  });

  it('get-or-create: a scope included by another requested one is dropped, whichever comes first', async () => {
    const created = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}`, {
      client_secret: app.clientSecret,
      scopes: ['public_repo', 'read:org', 'repo', 'admin:org'],
    });
    expect(created.status).to.equal(201);
    expect(created.body.scopes).to.deep.equal(['repo', 'admin:org']);
  });

  // The pairs here are those GitHub's scope table nests (a child under its parent).
  it('PATCH: scopes and add_scopes are normalized with what the token holds', async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['user'], note: 'patched' });
    const path = `/authorizations/${created.body.id}`;
    expect((await api(server, ada, 'PATCH', path, { add_scopes: ['user:follow', 'write:discussion'] })).body.scopes).to.deep.equal([
      'user',
      'write:discussion',
    ]);
    expect((await api(server, ada, 'PATCH', path, { add_scopes: ['read:discussion'] })).body.scopes).to.deep.equal(['user', 'write:discussion']);
    expect((await api(server, ada, 'PATCH', path, { scopes: ['read:gpg_key', 'admin:gpg_key', 'gist'] })).body.scopes).to.deep.equal(['admin:gpg_key', 'gist']);
  });
});
