import { expect } from 'chai';
import { GatedEventStore } from '../../../support/gatedEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { registerApplication, tokenHeader } from './authorizationsFixtures.js';

// Deleting an OAuth application revokes its tokens; a token made while the deletion runs too,
// whichever is recorded first (it was left live, unusable, its grant listed for an application
// that is gone).
describe('a token made while its OAuth application is deleted', () => {
  let server: TestServer;
  let gate: GatedEventStore;
  let ada: string;
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (store) => (gate = new GatedEventStore(store)) });
    ada = await createUser(server, 'ada');
  });
  after(async () => server.close());

  it('recorded after the deletion revoked the tokens it found: refused (422), and nothing of it is listed', async () => {
    const doomed = await registerApplication(server);
    const arrived = gate.holdAndNotice('AuthorizationCreated');
    const creation = api(server, ada, 'PUT', `/authorizations/clients/${doomed.clientId}/laptop`, { client_secret: doomed.clientSecret, scopes: ['user'] });
    await arrived;
    expect((await api(server, server.adminAuthorization, 'DELETE', `/admin/oauth-applications/${doomed.clientId}`)).status).to.equal(204);
    gate.release('AuthorizationCreated');
    const created = await creation;
    expect([created.status, created.body.message], JSON.stringify(created.body)).to.deep.equal([422, 'Invalid Application client_id or secret.']);
    expect((await api(server, ada, 'GET', '/authorizations')).body).to.deep.equal([]);
    expect((await api(server, ada, 'GET', '/applications/grants')).body).to.deep.equal([]);
  });

  it('recorded before the deletion listed the tokens: revoked with the others', async () => {
    const bo = await createUser(server, 'bo');
    const doomed = await registerApplication(server);
    const arrived = gate.holdAndNotice('OAuthApplicationDeleted');
    const deletion = api(server, server.adminAuthorization, 'DELETE', `/admin/oauth-applications/${doomed.clientId}`);
    await arrived;
    const created = await api(server, bo, 'PUT', `/authorizations/clients/${doomed.clientId}/phone`, { client_secret: doomed.clientSecret, scopes: ['user'] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    gate.release('OAuthApplicationDeleted');
    expect((await deletion).status).to.equal(204);
    expect((await api(server, tokenHeader(created.body.token), 'GET', '/user')).status).to.equal(401);
    expect((await api(server, bo, 'GET', '/authorizations')).body).to.deep.equal([]);
    expect((await api(server, bo, 'GET', '/applications/grants')).body).to.deep.equal([]);
  });
});
