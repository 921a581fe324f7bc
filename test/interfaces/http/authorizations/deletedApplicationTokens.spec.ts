import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { registerApplication, tokenHeader } from './authorizationsFixtures.js';

// Deleting an OAuth application revokes what it was granted, as on GitHub: its tokens fail on
// the very next request, and its tokens and grants leave every user's lists.
describe('tokens of a deleted OAuth application', () => {
  let server: TestServer;
  let ada: string;
  let bo: string;
  const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    ada = await createUser(server, 'ada');
    bo = await createUser(server, 'bo');
  });
  after(async () => server.close());

  it('stop authenticating, and leave the authorizations and grants of every user', async () => {
    const doomed = await registerApplication(server);
    const kept = await registerApplication(server);
    const grant = async (user: string, clientId: string, clientSecret: string, fingerprint: string) => {
      const created = await api(server, user, 'PUT', `/authorizations/clients/${clientId}/${fingerprint}`, { client_secret: clientSecret, scopes: ['user'] });
      expect(created.status).to.equal(201);
      return created.body.token as string;
    };
    const adaTokens = [await grant(ada, doomed.clientId, doomed.clientSecret, 'laptop'), await grant(ada, doomed.clientId, doomed.clientSecret, 'phone')];
    const boToken = await grant(bo, doomed.clientId, doomed.clientSecret, 'desk');
    const keptToken = await grant(ada, kept.clientId, kept.clientSecret, 'laptop');
    for (const token of [...adaTokens, boToken]) expect((await api(server, tokenHeader(token), 'GET', '/user')).status).to.equal(200);

    expect((await api(server, server.adminAuthorization, 'DELETE', `/admin/oauth-applications/${doomed.clientId}`)).status).to.equal(204);

    for (const token of [...adaTokens, boToken]) {
      const refused = await api(server, tokenHeader(token), 'GET', '/user');
      expect([refused.status, refused.body.message]).to.deep.equal([401, 'Bad credentials']);
    }
    expect((await api(server, tokenHeader(keptToken), 'GET', '/user')).body.login).to.equal('ada');
    const adaLists = await api(server, ada, 'GET', '/authorizations');
    expect(adaLists.body.map((authorization: any) => authorization.app.client_id)).to.deep.equal([kept.clientId]);
    expect((await api(server, ada, 'GET', '/applications/grants')).body.map((listed: any) => listed.app.client_id)).to.deep.equal([kept.clientId]);
    expect((await api(server, bo, 'GET', '/authorizations')).body).to.deep.equal([]);
    expect((await api(server, bo, 'GET', '/applications/grants')).body).to.deep.equal([]);
  });

  it('as_of shows a token of a deleted application with that application, as it was registered (not as a personal token)', async () => {
    const gone = await registerApplication(server);
    const created = await api(server, ada, 'PUT', `/authorizations/clients/${gone.clientId}/tablet`, { client_secret: gone.clientSecret, scopes: ['gist'] });
    clock.advance(60_000);
    const then = clock.now().toISOString();
    clock.advance(60_000);
    expect((await api(server, server.adminAuthorization, 'DELETE', `/admin/oauth-applications/${gone.clientId}`)).status).to.equal(204);
    const past = await api(server, ada, 'GET', `/authorizations/${created.body.id}?as_of=${encodeURIComponent(then)}`);
    expect(past.status).to.equal(200);
    expectSchema('authorization', past.body);
    expect(past.body.app).to.deep.equal({ client_id: gone.clientId, name: gone.name, url: 'https://ci.example.com' });
    expect(past.body).to.include({ fingerprint: 'tablet', token: '' });
  });
});
