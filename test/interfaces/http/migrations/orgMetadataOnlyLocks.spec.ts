import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// GitHub's org_metadata_only: "Indicates whether this should only include organization metadata
// (repositories array should be empty and will ignore other flags)". Such a migration exports
// no repository, so lock_repositories locks none of the repositories it was given.
describe('migrations: org_metadata_only ignores lock_repositories', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'mover');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await createRepository(server, owner, { name: 'app', auto_init: true }, '/orgs/acme/repos');
  });
  after(() => server.close());

  it('leaves the repositories writable: issues open, nothing to unlock, another migration may lock them', async () => {
    const started = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['app'], org_metadata_only: true, lock_repositories: true });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect(started.body.org_metadata_only).to.equal(true);
    const issue = await api(server, owner, 'POST', '/repos/acme/app/issues', { title: 'still writable' });
    expect(issue.status, JSON.stringify(issue.body)).to.equal(201);
    expect((await withPreview(server, owner, 'DELETE', `/orgs/acme/migrations/${started.body.id}/repos/app/lock`, WYANDOTTE)).status).to.equal(404);
    const locking = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['app'], lock_repositories: true });
    expect(locking.status, JSON.stringify(locking.body)).to.equal(201);
    expect((await api(server, owner, 'POST', '/repos/acme/app/issues', { title: 'now locked' })).status).to.equal(403);
  });
});
