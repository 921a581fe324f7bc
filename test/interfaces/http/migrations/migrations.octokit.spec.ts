import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { WYANDOTTE } from './migrationWorld.js';

async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    return ((await request) as { status: number }).status;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

// Octokit 20's `mediaType.previews` reaches GraphQL only: a REST call asks for a preview with
// its own Accept header, as these do.
const preview = { headers: { accept: WYANDOTTE } };
const manual = { request: { redirect: 'manual' as const } };

// The two lifecycles as a client walks them: start, poll the state, list the repositories,
// follow the archive's 302, delete the archive (gone: 404 after), unlock (once).
describe('HTTP organization and user migrations through @octokit/rest 20.1.0', function () {
  this.timeout(120_000);
  let server: TestServer;
  let mover: Octokit;

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    const authorization = await createUser(server, 'mover');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await createRepository(server, authorization, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    await createRepository(server, authorization, { name: 'own', auto_init: true });
    mover = basicOctokit(server, 'mover', PASSWORD);
  });
  after(async () => server.close());

  it('an organization’s: startForOrg, getStatusForOrg, listReposForOrg, downloadArchiveForOrg, deleteArchiveForOrg, unlockRepoForOrg', async () => {
    const started = await mover.rest.migrations.startForOrg({ org: 'acme', repositories: ['app'], lock_repositories: true });
    expect(started.status).to.equal(201);
    expectSchema('migration', started.data);
    const migration_id = started.data.id;
    const exported = await eventually(
      async () => (await mover.rest.migrations.getStatusForOrg({ org: 'acme', migration_id, ...preview })).data,
      (migration) => migration.state === 'exported' || migration.state === 'failed',
      60_000,
    );
    expect(exported.state).to.equal('exported');
    expect((await mover.rest.migrations.listForOrg({ org: 'acme', ...preview })).data.map((migration) => migration.id)).to.deep.equal([migration_id]);
    const repositories = await mover.rest.migrations.listReposForOrg({ org: 'acme', migration_id, ...preview });
    expectArrayOf('minimal-repository', repositories.data);
    expect(repositories.data.map((repository) => repository.full_name)).to.deep.equal(['acme/app']);
    const redirect = await statusOf(mover.rest.migrations.downloadArchiveForOrg({ org: 'acme', migration_id, ...preview, ...manual }));
    expect(redirect).to.equal(302);
    const archive = await mover.rest.migrations.downloadArchiveForOrg({ org: 'acme', migration_id, ...preview });
    expect(archive.status).to.equal(200);
    expect(archive.headers['content-type']).to.equal('application/x-gzip');
    expect(await statusOf(mover.rest.migrations.deleteArchiveForOrg({ org: 'acme', migration_id, ...preview }))).to.equal(204);
    expect(await statusOf(mover.rest.migrations.downloadArchiveForOrg({ org: 'acme', migration_id, ...preview, ...manual }))).to.equal(404);
    expect((await mover.rest.migrations.getStatusForOrg({ org: 'acme', migration_id, ...preview })).data).to.include({ state: 'exported' });
    expect(await statusOf(mover.rest.issues.create({ owner: 'acme', repo: 'app', title: 'while locked' }))).to.equal(403);
    expect(await statusOf(mover.rest.migrations.unlockRepoForOrg({ org: 'acme', migration_id, repo_name: 'app', ...preview }))).to.equal(204);
    expect(await statusOf(mover.rest.migrations.unlockRepoForOrg({ org: 'acme', migration_id, repo_name: 'app', ...preview }))).to.equal(404);
    expect(await statusOf(mover.rest.issues.create({ owner: 'acme', repo: 'app', title: 'unlocked' }))).to.equal(201);
  });

  it('a user’s: startForAuthenticatedUser, getStatusForAuthenticatedUser, listReposForAuthenticatedUser, getArchiveForAuthenticatedUser, deleteArchiveForAuthenticatedUser, unlockRepoForAuthenticatedUser', async () => {
    const started = await mover.rest.migrations.startForAuthenticatedUser({ repositories: ['own'], lock_repositories: true });
    expect(started.status).to.equal(201);
    const migration_id = started.data.id;
    const exported = await eventually(
      async () => (await mover.rest.migrations.getStatusForAuthenticatedUser({ migration_id, ...preview })).data,
      (migration) => migration.state === 'exported' || migration.state === 'failed',
      60_000,
    );
    expect(exported.state).to.equal('exported');
    expect((await mover.rest.migrations.listForAuthenticatedUser(preview)).data.map((migration) => migration.id)).to.deep.equal([migration_id]);
    const repositories = await mover.rest.migrations.listReposForAuthenticatedUser({ migration_id, ...preview });
    expect(repositories.data.map((repository) => repository.full_name)).to.deep.equal(['mover/own']);
    expect(await statusOf(mover.rest.migrations.getArchiveForAuthenticatedUser({ migration_id, ...preview, ...manual }))).to.equal(302);
    expect((await mover.rest.migrations.getArchiveForAuthenticatedUser({ migration_id, ...preview })).headers['content-type']).to.equal('application/x-gzip');
    expect(await statusOf(mover.rest.migrations.deleteArchiveForAuthenticatedUser({ migration_id, ...preview }))).to.equal(204);
    expect(await statusOf(mover.rest.migrations.getArchiveForAuthenticatedUser({ migration_id, ...preview, ...manual }))).to.equal(404);
    expect(await statusOf(mover.rest.migrations.unlockRepoForAuthenticatedUser({ migration_id, repo_name: 'own', ...preview }))).to.equal(204);
    expect(await statusOf(mover.rest.migrations.unlockRepoForAuthenticatedUser({ migration_id, repo_name: 'own', ...preview }))).to.equal(404);
  });

  it('reads without the wyandotte preview answer 415 (the contract marks them wyandotte)', async () => {
    expect(await statusOf(mover.rest.migrations.listForAuthenticatedUser())).to.equal(415);
  });
});
