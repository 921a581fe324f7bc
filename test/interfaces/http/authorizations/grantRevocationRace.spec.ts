import { expect } from 'chai';
import type { EventStore } from '../../../../application/shared/ports/eventStore.port.js';
import { InterposingEventStore } from '../../../support/interposingEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { registerApplication } from './authorizationsFixtures.js';

// A token being made for an application while the user deletes that application's grant:
// the creation read the grant before the deletion and records its token after it.
describe('HTTP OAuth authorizations: a grant deleted while a token is made for it', () => {
  let server: TestServer;
  let store: InterposingEventStore;
  let ada: string;
  let app: { clientId: string; clientSecret: string };
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (inner: EventStore) => (store = new InterposingEventStore(inner)) });
    ada = await createUser(server, 'ada');
    app = await registerApplication(server);
  });
  after(async () => server.close());

  it('the deleted grant stays deleted: the creation caught in between is told to try again, and its retry makes a new grant', async () => {
    const first = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/desk`, { client_secret: app.clientSecret, scopes: ['repo'] });
    expect(first.status).to.equal(201);
    const grant = (await api(server, ada, 'GET', '/applications/grants')).body[0] as { id: number };
    store.before('AuthorizationCreated', async () => {
      expect((await api(server, ada, 'DELETE', `/applications/grants/${grant.id}`)).status).to.equal(204);
    });
    const caught = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/laptop`, { client_secret: app.clientSecret, scopes: ['user'] });
    expect(caught.status, JSON.stringify(caught.body)).to.equal(409);
    expect(caught.body.message).to.match(/^The resource was changed by another request; try again/);

    expect((await api(server, ada, 'GET', `/applications/grants/${grant.id}`)).status).to.equal(404);
    expect((await api(server, ada, 'GET', '/applications/grants')).body).to.deep.equal([]);
    expect((await api(server, ada, 'GET', '/authorizations')).body).to.deep.equal([]);
    expect((await api(server, `token ${first.body.token}`, 'GET', '/user')).status).to.equal(401);

    const retried = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/laptop`, { client_secret: app.clientSecret, scopes: ['user'] });
    expect(retried.status).to.equal(201);
    const grants = (await api(server, ada, 'GET', '/applications/grants')).body as { id: number; scopes: string[] }[];
    expect(grants.map((entry) => entry.scopes)).to.deep.equal([['user']]);
    expect(grants[0]!.id).to.not.equal(grant.id);
    expect((await api(server, `token ${retried.body.token}`, 'GET', '/user')).status).to.equal(200);
  });
});
