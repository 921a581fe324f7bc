import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { FaultyEventStore } from '../../../support/faultyEventStore.js';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { populateRepository, withPreview, WYANDOTTE } from './migrationWorld.js';

const INERTIA = 'application/vnd.github.inertia-preview+json';

// `migrations`: the organization's (the default) or the user's (`/user/migrations`).
async function exportedFiles(
  server: TestServer,
  owner: string,
  body: Record<string, unknown>,
  scratch: string,
  name: string,
  migrations = '/orgs/acme/migrations',
): Promise<string[]> {
  const started = await api(server, owner, 'POST', migrations, body);
  expect(started.status, JSON.stringify(started.body)).to.equal(201);
  await eventually(
    async () => (await withPreview(server, owner, 'GET', `${migrations}/${started.body.id}`, WYANDOTTE)).body.state,
    (state) => state === 'exported',
    60_000,
  );
  const link = await withPreview(server, owner, 'GET', `${migrations}/${started.body.id}/archive`, WYANDOTTE);
  const file = join(scratch, `${name}.tar.gz`);
  await writeFile(file, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
  const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    .split('\n')
    .filter((entry) => entry !== '')
    .map((entry) => entry.replace(/(\.git)\/.*$/, '$1').replace(/\/$/, ''));
  return [...new Set(entries)].sort();
}

describe('migrations: the export options, every operation through octokit, and a restart mid-export', function () {
  this.timeout(180_000);
  let server: TestServer;
  let owner: string;
  let scratch: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-migration-options-'));
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    owner = await createUser(server, 'mover');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await populateRepository(server, owner, 'acme/app', '/orgs/acme/repos');
    expect((await withPreview(server, owner, 'POST', '/orgs/acme/projects', INERTIA, { name: 'Org plan' })).status).to.equal(201);
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('exclude_git_data, exclude_metadata, org_metadata_only and exclude_owner_projects trim the archive', async () => {
    // A commit no ref reaches (written through Git Data, never pointed at) stays out of the archive.
    const main = await api(
      server,
      owner,
      'GET',
      '/repos/acme/app/git/commits/' + (await api(server, owner, 'GET', '/repos/acme/app/git/ref/heads/main')).body.object.sha,
    );
    const loose = await api(server, owner, 'POST', '/repos/acme/app/git/commits', {
      message: 'nobody points here',
      tree: main.body.tree.sha,
      parents: [main.body.sha],
    });
    expect(loose.status, JSON.stringify(loose.body)).to.equal(201);
    const full = await exportedFiles(server, owner, { repositories: ['app'] }, scratch, 'full');
    expect(full).to.include.members(['repositories/acme/app.git', 'issues_000001.json', 'projects_000001.json']);
    const unpacked = join(scratch, 'full-git');
    execFileSync('mkdir', ['-p', unpacked]);
    execFileSync('tar', ['-xzf', join(scratch, 'full.tar.gz'), '-C', unpacked, 'repositories']);
    const objects = execFileSync(
      'git',
      ['-C', join(unpacked, 'repositories', 'acme', 'app.git'), 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)'],
      { encoding: 'utf8' },
    );
    expect(objects).to.contain(main.body.sha);
    expect(objects).not.to.contain(loose.body.sha);
    const noGit = await exportedFiles(server, owner, { repositories: ['app'], exclude_git_data: true }, scratch, 'no-git');
    expect(noGit.filter((entry) => entry.startsWith('repositories/'))).to.deep.equal([]);
    expect(noGit).to.include('issues_000001.json');
    const metadata = await exportedFiles(server, owner, { repositories: ['app'], exclude_metadata: true }, scratch, 'no-metadata');
    expect(metadata).to.include('repositories/acme/app.git');
    const extracted = join(scratch, 'no-metadata');
    execFileSync('mkdir', ['-p', extracted]);
    execFileSync('tar', ['-xzf', join(scratch, 'no-metadata.tar.gz'), '-C', extracted, 'issues_000001.json', 'repositories_000001.json']);
    expect(JSON.parse(execFileSync('cat', [join(extracted, 'issues_000001.json')], { encoding: 'utf8' }))).to.deep.equal([]);
    const orgOnly = await exportedFiles(server, owner, { repositories: [], org_metadata_only: true }, scratch, 'org-only');
    expect(orgOnly.filter((entry) => entry.startsWith('repositories/'))).to.deep.equal([]);
    expect(orgOnly).to.include('organizations_000001.json');
    const projectsOf = async (name: string) => {
      const directory = join(scratch, `${name}-projects`);
      execFileSync('mkdir', ['-p', directory]);
      execFileSync('tar', ['-xzf', join(scratch, `${name}.tar.gz`), '-C', directory, 'projects_000001.json']);
      return JSON.parse(execFileSync('cat', [join(directory, 'projects_000001.json')], { encoding: 'utf8' })).map((project: any) => project.name);
    };
    expect(await projectsOf('full')).to.deep.equal(['Plan', 'Org plan']);
    await exportedFiles(server, owner, { repositories: ['app'], exclude_owner_projects: true }, scratch, 'no-owner-projects');
    expect(await projectsOf('no-owner-projects')).to.deep.equal(['Plan']);

    // A user migration carries the user's own projects as an organization's carries its own.
    await createRepository(server, owner, { name: 'notebook', private: true });
    expect((await withPreview(server, owner, 'POST', '/repos/mover/notebook/projects', INERTIA, { name: 'Notebook board' })).status).to.equal(201);
    const notesBoard = await withPreview(server, owner, 'POST', '/user/projects', INERTIA, { name: 'Mover notes' });
    expect(notesBoard.status).to.equal(201);
    // Made public (an account's project is private from the start): the archive says so.
    expect((await withPreview(server, owner, 'PATCH', `/projects/${notesBoard.body.id}`, INERTIA, { private: false })).status).to.equal(200);
    await exportedFiles(server, owner, { repositories: ['notebook'] }, scratch, 'user-full', '/user/migrations');
    const userProjects = join(scratch, 'user-full-projects');
    execFileSync('mkdir', ['-p', userProjects]);
    execFileSync('tar', ['-xzf', join(scratch, 'user-full.tar.gz'), '-C', userProjects, 'projects_000001.json']);
    const [board, notes] = JSON.parse(execFileSync('cat', [join(userProjects, 'projects_000001.json')], { encoding: 'utf8' }));
    // A private repository's project is not public.
    expect(board).to.include({ type: 'project', name: 'Notebook board', public: false });
    expect(notes).to.include({ type: 'project', name: 'Mover notes', state: 'open', public: true });
    expect(notes.owner).to.match(/\/mover$/);
    expect(notes.url).to.match(/\/mover\/projects\/1$/);
    await exportedFiles(server, owner, { repositories: ['notebook'], exclude_owner_projects: true }, scratch, 'user-no-owner-projects', '/user/migrations');
    expect(await projectsOf('user-no-owner-projects')).to.deep.equal(['Notebook board']);
  });

  // GitHub: an organization's migrations want admin:org, a user's repo.
  it('starts an organization migration with an admin:org token (with repo for a private repository); a repo token alone gets 404', async () => {
    await createRepository(server, owner, { name: 'vault', private: true }, '/orgs/acme/repos');
    const token = async (scopes: string[]) => {
      const created = await api(server, owner, 'POST', '/authorizations', { scopes, note: `migrations ${scopes.join(' ')}` });
      expect(created.status).to.equal(201);
      return `token ${created.body.token}`;
    };
    const adminOrg = await token(['admin:org']);
    const publicOnly = await api(server, adminOrg, 'POST', '/orgs/acme/migrations', { repositories: ['app'] });
    expect(publicOnly.status, JSON.stringify(publicOnly.body)).to.equal(201);
    expect(publicOnly.body.repositories.map((repository: { full_name: string }) => repository.full_name)).to.deep.equal(['acme/app']);
    const hidden = await api(server, adminOrg, 'POST', '/orgs/acme/migrations', { repositories: ['vault'] });
    expect(hidden.status).to.equal(422);
    expect(hidden.body.errors[0]).to.include({ field: 'repositories', code: 'invalid_value', index: 0 });
    const started = await api(server, await token(['admin:org', 'repo']), 'POST', '/orgs/acme/migrations', { repositories: ['vault', 'app'] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect(started.body.repositories.map((repository: { full_name: string }) => repository.full_name)).to.deep.equal(['acme/vault', 'acme/app']);
    const repoOnly = await api(server, await token(['repo']), 'POST', '/orgs/acme/migrations', { repositories: ['app'] });
    expect(repoOnly.status).to.equal(404);
    expect(repoOnly.body.message).to.equal('Not Found');
  });

  it('answers every operation through @octokit/rest 20.1.0 migrations.*', async () => {
    const octokit = basicOctokit(server, 'mover', PASSWORD, { accept: WYANDOTTE });
    const started = await octokit.rest.migrations.startForOrg({ org: 'acme', repositories: ['app'], lock_repositories: true });
    expect(started.status).to.equal(201);
    expectSchema('migration', started.data);
    const id = started.data.id;
    await eventually(
      async () => (await octokit.rest.migrations.getStatusForOrg({ org: 'acme', migration_id: id })).data.state,
      (state) => state === 'exported',
      60_000,
    );
    const listed = await octokit.rest.migrations.listForOrg({ org: 'acme', per_page: 2 });
    expectArrayOf('migration', listed.data);
    expect(listed.headers.link).to.contain('rel="next"');
    const archive = await octokit.rest.migrations.downloadArchiveForOrg({ org: 'acme', migration_id: id });
    expect(archive.status).to.equal(200);
    expect(Buffer.from(archive.data as ArrayBuffer).subarray(0, 2)).to.deep.equal(Buffer.from([0x1f, 0x8b]));
    const repositories = await octokit.rest.migrations.listReposForOrg({ org: 'acme', migration_id: id });
    expect(repositories.data.map((repository) => repository.full_name)).to.deep.equal(['acme/app']);
    expect((await octokit.rest.migrations.unlockRepoForOrg({ org: 'acme', migration_id: id, repo_name: 'app' })).status).to.equal(204);
    expect((await octokit.rest.migrations.deleteArchiveForOrg({ org: 'acme', migration_id: id })).status).to.equal(204);

    await createRepository(server, owner, { name: 'mine', auto_init: true });
    const mine = await octokit.rest.migrations.startForAuthenticatedUser({ repositories: ['mover/mine'], lock_repositories: true });
    expect(mine.status).to.equal(201);
    const userId = mine.data.id;
    await eventually(
      async () => (await octokit.rest.migrations.getStatusForAuthenticatedUser({ migration_id: userId })).data.state,
      (state) => state === 'exported',
      60_000,
    );
    expectArrayOf('migration', (await octokit.rest.migrations.listForAuthenticatedUser()).data);
    const userArchive = await octokit.rest.migrations.getArchiveForAuthenticatedUser({ migration_id: userId });
    expect(userArchive.status).to.equal(200);
    expect((await octokit.rest.migrations.listReposForAuthenticatedUser({ migration_id: userId })).data.map((repository) => repository.name)).to.deep.equal([
      'mine',
    ]);
    expect((await octokit.rest.migrations.unlockRepoForAuthenticatedUser({ migration_id: userId, repo_name: 'mine' })).status).to.equal(204);
    expect((await octokit.rest.migrations.deleteArchiveForAuthenticatedUser({ migration_id: userId })).status).to.equal(204);
  });
});

describe('migrations: a server killed during an export', function () {
  this.timeout(120_000);

  it('ends the migration exported after the restart, never stuck, and leaves no partial archive', async () => {
    const dataDir = await newDataDir();
    let faulty!: FaultyEventStore;
    const crashed = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' }, dataDir, {
      decorateEventStore: (store) => (faulty = new FaultyEventStore(store)),
    });
    const owner = await createUser(crashed, 'mover');
    expect((await api(crashed, crashed.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await createRepository(crashed, owner, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    // The process dies as it would record the finished archive.
    faulty.crashAt(/^migration-/, 'MigrationExported');
    const started = await api(crashed, owner, 'POST', '/orgs/acme/migrations', { repositories: ['app'] });
    expect(started.status).to.equal(201);
    await eventually(
      () => faulty.isDead(),
      (dead) => dead,
      30_000,
    );
    expect((await withPreview(crashed, owner, 'GET', `/orgs/acme/migrations/${started.body.id}`, WYANDOTTE)).body.state).to.equal('exporting');
    await crashed.stop();

    const restarted = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' }, dataDir);
    try {
      const done = await eventually(
        async () => (await withPreview(restarted, owner, 'GET', `/orgs/acme/migrations/${started.body.id}`, WYANDOTTE)).body,
        (body) => body.state === 'exported' || body.state === 'failed',
        60_000,
      );
      expect(done.state).to.equal('exported');
      const archives = await readdir(join(dataDir, 'archives'));
      expect(archives.filter((name) => name.includes('.partial-'))).to.deep.equal([]);
      expect(archives.filter((name) => name.endsWith('.tar.gz'))).to.deep.equal([`migration-${started.body.id}-2.tar.gz`]);
    } finally {
      await restarted.close();
    }
  });
});
