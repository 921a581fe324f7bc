import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

const LOCKED = {
  resource: 'Migration',
  field: 'repositories',
  code: 'custom',
  message: 'lib is locked by another migration: unlock it (DELETE .../migrations/{id}/repos/{repo_name}/lock) before migrating it again',
};

// A repository locked by a migration refuses another migration (422) until it is unlocked:
// migrations sent at once too, not only one after the other.
describe('migrations started at once: one lock per repository', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'mover');
    await createRepository(server, owner, { name: 'lib', auto_init: true });
  });
  after(async () => server.close());

  it('of ten migrations locking one repository sent at once, one starts and nine are told it is locked', async () => {
    const started = await Promise.all(
      Array.from({ length: 10 }, () => api(server, owner, 'POST', '/user/migrations', { repositories: ['lib'], lock_repositories: true })),
    );
    const statuses = started.map((response) => response.status).sort();
    expect(statuses, JSON.stringify(started.map((response) => response.body.errors ?? response.body.id))).to.deep.equal([201, ...Array(9).fill(422)]);
    for (const refused of started.filter((response) => response.status === 422)) expect(refused.body.errors).to.deep.equal([LOCKED]);
    const winner = started.find((response) => response.status === 201)!.body;
    const listed = await withPreview(server, owner, 'GET', '/user/migrations', WYANDOTTE);
    expect(listed.body.map((migration: { id: number }) => migration.id)).to.deep.equal([winner.id]);

    // One unlock frees it: the next migration starts.
    expect((await withPreview(server, owner, 'DELETE', `/user/migrations/${winner.id}/repos/lib/lock`, WYANDOTTE)).status).to.equal(204);
    expect((await api(server, owner, 'POST', '/repos/mover/lib/issues', { title: 'unlocked' })).status).to.equal(201);
    const next = await api(server, owner, 'POST', '/user/migrations', { repositories: ['lib'], lock_repositories: true });
    expect(next.status, JSON.stringify(next.body)).to.equal(201);
  });
});
