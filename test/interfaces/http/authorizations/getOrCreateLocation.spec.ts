import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { octokit16, registerApplication } from './authorizationsFixtures.js';

// GitHub's documentation of both get-or-create operations answers an existing token with
// "Status: 200 OK" and "Location: https://api.github.com/authorizations/1", as a new one is
// answered 201 with it.
describe('HTTP OAuth authorizations: get-or-create answers an existing token with its Location', () => {
  let server: TestServer;
  let ada: string;
  let app: { clientId: string; clientSecret: string };
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
    app = await registerApplication(server);
  });
  after(async () => server.close());

  for (const [label, path] of [
    ['PUT /authorizations/clients/{client_id}', () => `/authorizations/clients/${app.clientId}`],
    ['PUT /authorizations/clients/{client_id}/{fingerprint}', () => `/authorizations/clients/${app.clientId}/desk`],
  ] as const) {
    it(`${label}: 201 and 200 alike carry Location, the authorization's url`, async () => {
      const created = await api(server, ada, 'PUT', path(), { client_secret: app.clientSecret, scopes: ['user'] });
      expect(created.status).to.equal(201);
      expect(created.headers.get('location')).to.equal(created.body.url);
      const existing = await api(server, ada, 'PUT', path(), { client_secret: app.clientSecret });
      expect(existing.status).to.equal(200);
      expect(existing.body).to.include({ id: created.body.id, token: '' });
      expect(existing.headers.get('location')).to.equal(`${server.url}/authorizations/${created.body.id}`);
    });
  }

  it('octokit 16 reads the Location of an existing token', async () => {
    const octokit = octokit16(server, 'ada', PASSWORD);
    const existing = await octokit.oauthAuthorizations.getOrCreateAuthorizationForAppAndFingerprint!({
      client_id: app.clientId,
      fingerprint: 'desk',
      client_secret: app.clientSecret,
    });
    expect(existing.status).to.equal(200);
    expect(existing.headers.location).to.equal(existing.data.url);
  });
});
