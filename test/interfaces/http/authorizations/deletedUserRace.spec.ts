import { expect } from 'chai';
import { GatedEventStore } from '../../../support/gatedEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

// Deleting a user ends their tokens; a token the user makes while the deletion runs too,
// whichever is recorded first (it stayed live in the log and the read model, its history
// never closed).
describe('a token made while its user is deleted', () => {
  let server: TestServer;
  let gate: GatedEventStore;
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (store) => (gate = new GatedEventStore(store)) });
  });
  after(async () => server.close());

  const history = async (id: number) =>
    (await api(server, server.adminAuthorization, 'GET', `/authorizations/${id}/history`)).body.map((entry: { action: string }) => entry.action);

  it('recorded after the deletion revoked the tokens it found: ended, and the request told the user is not found', async () => {
    const gone = await createUser(server, 'gone');
    const stream = gate.holdAndNotice('AuthorizationCreated');
    const creation = api(server, gone, 'POST', '/authorizations', { scopes: ['user'], note: 'late' });
    const id = Number((await stream).replace(/^authorization-/, ''));
    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/gone')).status).to.equal(204);
    gate.release('AuthorizationCreated');
    const created = await creation;
    expect([created.status, created.body.message], JSON.stringify(created.body)).to.deep.equal([404, 'Not Found']);
    expect(await history(id)).to.deep.equal(['oauth_authorization.create', 'oauth_authorization.destroy']);
  });

  it('recorded after the deletion listed the tokens but before it recorded the user deleted: ended with the others', async () => {
    const gone = await createUser(server, 'gone2');
    const arrived = gate.holdAndNotice('UserDeleted');
    const deletion = api(server, server.adminAuthorization, 'DELETE', '/admin/users/gone2');
    await arrived;
    const created = await api(server, gone, 'POST', '/authorizations', { scopes: ['user'], note: 'late' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    gate.release('UserDeleted');
    expect((await deletion).status).to.equal(204);
    expect(await history(created.body.id)).to.deep.equal(['oauth_authorization.create', 'oauth_authorization.destroy']);
  });
});
