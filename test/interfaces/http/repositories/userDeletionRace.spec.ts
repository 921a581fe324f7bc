import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryStream } from '../../../../domain/repositories/repository.decider.js';
import { GatedEventStore } from '../../../support/gatedEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { api, createUser } from './repositoryFixtures.js';

// DELETE /admin/users/{username} deletes the user's repositories: a repository the user
// creates while the deletion runs too, whichever is recorded first (it was left behind, owned
// by nobody: its git directory on disk, its name in search counts).
describe('HTTP DELETE /admin/users/{username} while the user creates a repository', () => {
  let server: TestServer;
  let gate: GatedEventStore;
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (store) => (gate = new GatedEventStore(store)) });
  });
  after(async () => server.close());

  const expectGone = async (repositoryId: number) => {
    const events = await server.runtime.adapters.eventStore.readStream(repositoryStream(repositoryId));
    expect(events.map((event) => event.type)).to.include('RepositoryDeleted');
    expect(existsSync(join(server.dataDir, 'git', `${repositoryId}.git`))).to.equal(false);
    const searched = await eventually(
      async () => (await api(server, null, 'GET', `/search/repositories?q=${encodeURIComponent(`late in:name`)}`)).body,
      (body) => body.total_count === 0,
      10_000,
    );
    expect(searched.total_count).to.equal(0);
  };

  it('deletes a repository created after it listed the repositories but before it recorded the user deleted', async () => {
    const leaver = await createUser(server, 'leaver');
    const arrived = gate.holdAndNotice('UserDeleted');
    const deletion = api(server, server.adminAuthorization, 'DELETE', '/admin/users/leaver');
    await arrived;
    const created = await api(server, leaver, 'POST', '/user/repos', { name: 'late' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    gate.release('UserDeleted');
    expect((await deletion).status).to.equal(204);
    await expectGone(created.body.id);
  });

  it('deletes a repository recorded after the user was deleted, and tells its creator it is not found', async () => {
    const leaver = await createUser(server, 'leaver2');
    const arrived = gate.holdAndNotice('RepositoryCreated');
    const creation = api(server, leaver, 'POST', '/user/repos', { name: 'late' });
    const stream = await arrived;
    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/leaver2')).status).to.equal(204);
    gate.release('RepositoryCreated');
    const created = await creation;
    expect(created.status, JSON.stringify(created.body)).to.equal(404);
    expect(created.body.message).to.equal('Not Found');
    await expectGone(Number(stream.replace(/^repository-/, '')));
  });
});
