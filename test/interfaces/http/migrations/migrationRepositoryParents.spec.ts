import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// A migration's repositories pass the access decision a read of each does, and so must what
// they embed: a fork's parent and source only for a caller who may read them, as
// GET /repos/{owner}/{repo} answers (embeddedLeaks.spec.ts). A member whose organization stops
// granting read keeps the fork; a migration of it named the private parent and its latest
// description.
describe('migrations: a fork’s parent only for a caller who may read it', function () {
  this.timeout(60_000);
  let server: TestServer;
  let alice: string;
  let bob: string;

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'guild', admin: 'alice' })).status).to.equal(201);
    expect((await api(server, alice, 'PUT', '/orgs/guild/memberships/bob', { role: 'member' })).status).to.equal(200);
    await createRepository(server, alice, { name: 'inner', private: true, auto_init: true }, '/orgs/guild/repos');
    expect((await api(server, bob, 'POST', '/repos/guild/inner/forks', {})).status).to.equal(202);
  });
  after(() => server.close());

  it('names the parent while the caller reads it, and not once it does not', async () => {
    const before = await api(server, bob, 'POST', '/user/migrations', { repositories: ['inner'] });
    expect(before.status, JSON.stringify(before.body)).to.equal(201);
    expect(before.body.repositories[0].parent.full_name).to.equal('guild/inner');

    expect((await api(server, alice, 'PATCH', '/orgs/guild', { default_repository_permission: 'none' })).status).to.equal(200);
    expect((await api(server, alice, 'PATCH', '/repos/guild/inner', { description: 'after bob left' })).status).to.equal(200);
    expect((await api(server, bob, 'GET', '/repos/bob/inner')).body).not.to.have.property('parent');

    const started = await api(server, bob, 'POST', '/user/migrations', { repositories: ['inner'] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    const answers = [
      ['start', started.body.repositories],
      ['status', (await withPreview(server, bob, 'GET', `/user/migrations/${before.body.id}`, WYANDOTTE)).body.repositories],
      ['list', (await withPreview(server, bob, 'GET', '/user/migrations', WYANDOTTE)).body.flatMap((migration: any) => migration.repositories)],
      ['repositories', (await withPreview(server, bob, 'GET', `/user/migrations/${started.body.id}/repositories`, WYANDOTTE)).body],
    ] as const;
    for (const [where, repositories] of answers) {
      expect(repositories.length, where).to.be.greaterThan(0);
      for (const repository of repositories) {
        expect(repository.full_name, where).to.equal('bob/inner');
        expect(repository, where).not.to.have.property('parent');
        expect(repository, where).not.to.have.property('source');
      }
      expect(JSON.stringify(repositories), where).not.to.contain('after bob left');
    }
  });
});
