import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// A migration's repositories are repository objects as the caller sees them, with the caller's
// `permissions`, as GitHub answers them (PyGithub's recorded start of a user migration:
// "permissions":{"admin":true,"push":true,"pull":true}), and as minimal-repository's example in
// the list of a migration's repositories shows. They were answered without.
describe('migrations: the repositories carry the caller’s permissions', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'mover');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await createRepository(server, owner, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    await createRepository(server, owner, { name: 'mine', auto_init: true });
  });
  after(() => server.close());

  const expectAdministered = (repositories: any[], where: string) => {
    expect(repositories, where).to.have.lengthOf(1);
    expect(repositories[0].permissions, where).to.include({ admin: true, push: true, pull: true });
  };

  for (const [kind, prefix, name] of [
    ['an organization', '/orgs/acme', 'app'],
    ['a user', '/user', 'mine'],
  ] as const) {
    it(`${kind}: the start, the status, the list and the migration's repositories`, async () => {
      const started = await api(server, owner, 'POST', `${prefix}/migrations`, { repositories: [name] });
      expect(started.status, JSON.stringify(started.body)).to.equal(201);
      expectAdministered(started.body.repositories, 'start');
      const status = await withPreview(server, owner, 'GET', `${prefix}/migrations/${started.body.id}`, WYANDOTTE);
      expectAdministered(status.body.repositories, 'status');
      const list = await withPreview(server, owner, 'GET', `${prefix}/migrations`, WYANDOTTE);
      expectAdministered(list.body[0].repositories, 'list');
      const repositories = await withPreview(server, owner, 'GET', `${prefix}/migrations/${started.body.id}/repositories`, WYANDOTTE);
      expectAdministered(repositories.body, 'repositories');
    });
  }
});
