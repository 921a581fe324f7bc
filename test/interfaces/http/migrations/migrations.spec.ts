import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { pushOverHttp } from '../activity/activityFixtures.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { populateRepository, withPreview, WYANDOTTE } from './migrationWorld.js';

const git = (directory: string, ...args: string[]) =>
  execFileSync('git', ['-C', directory, ...args], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

describe('organization migrations: an archive in GitHub’s layout, locks, signed links, retention', function () {
  this.timeout(120_000);
  let server: TestServer;
  let owner: string;
  let member: string;
  let outsider: string;
  let scratch: string;
  let migrationId: number;
  const clock = new ManualClock(new Date('2026-09-01T10:00:00Z'));
  const status = async (id = migrationId) => (await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${id}`, WYANDOTTE)).body;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-migration-'));
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' }, undefined, { clock });
    owner = await createUser(server, 'mover');
    member = await createUser(server, 'crew');
    outsider = await createUser(server, 'passerby');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    expect((await api(server, owner, 'PUT', '/orgs/acme/memberships/crew', { role: 'member' })).status).to.equal(200);
    await populateRepository(server, owner, 'acme/app', '/orgs/acme/repos');
    await createRepository(server, owner, { name: 'lib', auto_init: true }, '/orgs/acme/repos');
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('starts (201, Location, pending, the repositories in full) and exports to exported', async () => {
    const started = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['acme/app', 'lib'], lock_repositories: true });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expectSchema('migration', started.body);
    migrationId = started.body.id;
    expect(started.headers.get('location')).to.equal(`${server.url}/orgs/acme/migrations/${migrationId}`);
    expect(started.body).to.deep.include({
      state: 'pending',
      lock_repositories: true,
      exclude_attachments: false,
      url: `${server.url}/orgs/acme/migrations/${migrationId}`,
    });
    expect(started.body.owner.login).to.equal('acme');
    expect(started.body.repositories.map((repository: any) => repository.full_name)).to.deep.equal(['acme/app', 'acme/lib']);
    expect(started.body.guid).to.match(/^[0-9a-f-]{36}$/);
    // GitHub's legacy form: "0<length of the type name>:<type name><id>", base64.
    expect(Buffer.from(started.body.node_id, 'base64').toString()).to.equal(`09:Migration${migrationId}`);
    const exported = await eventually(status, (body) => body.state === 'exported' || body.state === 'failed', 60_000);
    expect(exported.state, JSON.stringify(exported)).to.equal('exported');
    expectSchema('migration', exported);
    expect(exported.archive_url).to.equal(`${server.url}/orgs/acme/migrations/${migrationId}/archive`);
  });

  it('wants the wyandotte preview on reads (415 without it)', async () => {
    const plain = await api(server, owner, 'GET', `/orgs/acme/migrations/${migrationId}`);
    expect(plain.status).to.equal(415);
    expect(plain.body.message).to.contain('Migrations API');
    const list = await withPreview(server, owner, 'GET', '/orgs/acme/migrations', WYANDOTTE);
    expect(list.status).to.equal(200);
    expectArrayOf('migration', list.body);
    expect(list.body.map((migration: any) => migration.id)).to.deep.equal([migrationId]);
    const repositories = await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${migrationId}/repositories`, WYANDOTTE);
    expectArrayOf('minimal-repository', repositories.body);
    expect(repositories.body.map((repository: any) => repository.name)).to.deep.equal(['app', 'lib']);
  });

  it('serves the archive through a signed link: a .tar.gz in GitHub’s layout, git data with every ref', async () => {
    const redirect = await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${migrationId}/archive`, WYANDOTTE);
    expect(redirect.status).to.equal(302);
    const location = redirect.headers.get('location')!;
    expect(location).to.match(new RegExp(`^${server.url}/_forgelog/migration-archives/${migrationId}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const download = await fetch(location);
    expect(download.status).to.equal(200);
    // As GitHub's signed S3 link answers (PyGithub's recorded link asks for
    // response-content-type=application/x-gzip and response-content-disposition=filename=<guid>.tar.gz).
    const { guid } = (await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${migrationId}`, WYANDOTTE)).body;
    expect(download.headers.get('content-type')).to.equal('application/x-gzip');
    expect(download.headers.get('content-disposition')).to.equal(`filename=${guid}.tar.gz`);
    const archive = join(scratch, 'archive.tar.gz');
    await writeFile(archive, Buffer.from(await download.arrayBuffer()));
    const extracted = join(scratch, 'extracted');
    execFileSync('mkdir', ['-p', extracted]);
    execFileSync('tar', ['-xzf', archive, '-C', extracted]);
    const files = (await readdir(extracted)).sort();
    expect(files).to.include.members([
      'schema.json',
      'users_000001.json',
      'organizations_000001.json',
      'repositories_000001.json',
      'issues_000001.json',
      'issue_comments_000001.json',
      'issue_events_000001.json',
      'pull_requests_000001.json',
      'milestones_000001.json',
      'projects_000001.json',
      'repositories',
    ]);
    expect(await readJson(join(extracted, 'schema.json'))).to.deep.equal({ version: '1.0.1' });
    const repositories = await readJson(join(extracted, 'repositories_000001.json'));
    expect(repositories.map((record: any) => record.name)).to.deep.equal(['app', 'lib']);
    expect(repositories[0]).to.include({ type: 'repository', default_branch: 'main', git_url: 'tarball://root/repositories/acme/app.git' });
    expect(repositories[0].labels.map((label: any) => label.name)).to.include('migrate-me');
    const issues = await readJson(join(extracted, 'issues_000001.json'));
    expect(issues.map((record: any) => [record.type, record.title, record.url.replace(/^.*\/acme\//, '')])).to.deep.equal([
      ['issue', 'First issue', 'app/issues/1'],
      ['issue', 'Closed issue', 'app/issues/2'],
    ]);
    expect(issues[0].labels[0]).to.match(/\/acme\/app\/labels\/migrate-me$/);
    expect(issues[0].milestone).to.match(/\/acme\/app\/milestones\/1$/);
    expect(issues[1].closed_at).to.be.a('string');
    const pulls = await readJson(join(extracted, 'pull_requests_000001.json'));
    expect(pulls).to.have.length(1);
    expect(pulls[0]).to.deep.include({ type: 'pull_request', title: 'The feature', body: 'please merge' });
    expect(pulls[0].base.ref).to.equal('main');
    expect(pulls[0].head.ref).to.equal('feature');
    const comments = await readJson(join(extracted, 'issue_comments_000001.json'));
    expect(comments.map((record: any) => record.body)).to.deep.equal(['a first comment', 'a second comment']);
    expect(comments[0].issue).to.match(/\/acme\/app\/issues\/1$/);
    // Every issue's timeline: the first issue opened with a label and a milestone, the second closed.
    const events = await readJson(join(extracted, 'issue_events_000001.json'));
    expect(events.map((record: any) => [record.issue.replace(/^.*\/acme\//, ''), record.event])).to.deep.equal([
      ['app/issues/1', 'labeled'],
      ['app/issues/1', 'milestoned'],
      ['app/issues/2', 'closed'],
    ]);
    expect(events[2]).to.include({ type: 'issue_event' });
    expect(events[2].actor).to.match(/\/mover$/);
    expect((await readJson(join(extracted, 'milestones_000001.json')))[0]).to.include({ type: 'milestone', title: 'v1', state: 'open' });
    const projects = await readJson(join(extracted, 'projects_000001.json'));
    expect(projects[0]).to.include({ type: 'project', name: 'Plan', number: 1 });
    expect(projects[0].columns[0].cards.map((card: any) => card.note ?? card.content.replace(/^.*\/acme\//, ''))).to.deep.equal(['app/issues/1', 'a note']);
    const users = await readJson(join(extracted, 'users_000001.json'));
    expect(users.map((record: any) => record.login)).to.include('mover');
    const organizations = await readJson(join(extracted, 'organizations_000001.json'));
    expect(organizations[0]).to.include({ type: 'organization', login: 'acme' });
    expect(organizations[0].members.map((membership: any) => [membership.user.replace(/^.*\//, ''), membership.role])).to.have.deep.members([
      ['mover', 'admin'],
      ['crew', 'member'],
    ]);

    // The git data: every ref, whole.
    const clone = join(scratch, 'app-clone');
    await runGit(['clone', '--mirror', '--quiet', join(extracted, 'repositories', 'acme', 'app.git'), clone], gitEnvironment(scratch));
    git(clone, 'fsck', '--strict');
    const served = (await api(server, owner, 'GET', '/repos/acme/app/git/matching-refs/heads')).body.map((ref: any) => `${ref.object.sha} ${ref.ref}`);
    const archived = git(clone, 'for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads').trim().split('\n');
    expect(archived).to.deep.equal(served);
  });

  it('refuses a tampered or expired link (403) and a link to a missing archive (404)', async () => {
    const redirect = await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${migrationId}/archive`, WYANDOTTE);
    const location = new URL(redirect.headers.get('location')!);
    const tampered = new URL(location);
    tampered.searchParams.set('expires', String(Number(location.searchParams.get('expires')) + 3600));
    const refused = await fetch(tampered);
    expect(refused.status).to.equal(403);
    expect(((await refused.json()) as any).message).to.match(/signature/);
    const otherMigration = new URL(location.href.replace(`/migration-archives/${migrationId}?`, `/migration-archives/${migrationId + 1}?`));
    expect((await fetch(otherMigration)).status).to.equal(403);
    clock.advance(6 * 60_000);
    const expired = await fetch(location);
    expect(expired.status).to.equal(403);
    expect(((await expired.json()) as any).message).to.equal('Request has expired');
  });

  it('locks its repositories: API writes and git push refused with GitHub’s words, until unlocked', async () => {
    const again = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['lib'], lock_repositories: true });
    expect(again.status, JSON.stringify(again.body)).to.equal(422);
    expect(again.body.errors).to.deep.equal([
      {
        resource: 'Migration',
        field: 'repositories',
        code: 'custom',
        message: 'lib is locked by another migration: unlock it (DELETE .../migrations/{id}/repos/{repo_name}/lock) before migrating it again',
      },
    ]);
    const refused = await api(server, owner, 'POST', '/repos/acme/app/issues', { title: 'while locked' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal("This repository is currently being migrated. It's locked while the migration is in progress.");
    expect((await api(server, owner, 'PATCH', '/repos/acme/app', { description: 'changed' })).status).to.equal(403);
    expect((await api(server, owner, 'GET', '/repos/acme/app/issues/1')).status).to.equal(200);
    const pushed = await pushOverHttp(server, 'mover', 'acme/app', 'main', { 'locked.txt': 'x' }, 'during the lock').then(
      () => 'pushed',
      (error: Error) => error.message,
    );
    expect(pushed).to.contain("It's locked while the migration is in progress");

    expect((await withPreview(server, owner, 'DELETE', `/orgs/acme/migrations/${migrationId}/repos/app/lock`, WYANDOTTE)).status).to.equal(204);
    expect((await api(server, owner, 'POST', '/repos/acme/app/issues', { title: 'after the unlock' })).status).to.equal(201);
    expect((await withPreview(server, owner, 'DELETE', `/orgs/acme/migrations/${migrationId}/repos/app/lock`, WYANDOTTE)).status).to.equal(404);
    expect((await withPreview(server, owner, 'DELETE', `/orgs/acme/migrations/${migrationId}/repos/nope/lock`, WYANDOTTE)).status).to.equal(404);
    // lib is still locked.
    expect((await api(server, owner, 'POST', '/repos/acme/lib/issues', { title: 'still locked' })).status).to.equal(403);
    expect((await withPreview(server, owner, 'DELETE', `/orgs/acme/migrations/${migrationId}/repos/lib/lock`, WYANDOTTE)).status).to.equal(204);
  });

  it('deletes an archive seven days after its export; the migration stays readable', async () => {
    const before = (await readdir(join(server.dataDir, 'archives'))).filter((name) => name.endsWith('.tar.gz'));
    expect(before).to.have.length(1);
    clock.advance(7 * 86_400_000);
    const gone = await eventually(status, (body) => body.archive_url === undefined);
    expect(gone).to.deep.include({ state: 'exported' });
    expect(gone).not.to.have.property('archive_url');
    expect((await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${migrationId}/archive`, WYANDOTTE)).status).to.equal(404);
    await eventually(
      async () => (await readdir(join(server.dataDir, 'archives'))).filter((name) => name.endsWith('.tar.gz')),
      (names) => names.length === 0,
    );
  });

  it('deletes an archive on request (204), then 404', async () => {
    const started = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['lib'], exclude: ['repositories'] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect(started.body.repositories).to.deep.equal([]);
    expect(started.body.exclude).to.deep.equal(['repositories']);
    await eventually(
      () => status(started.body.id),
      (body) => body.state === 'exported',
    );
    expect((await withPreview(server, owner, 'DELETE', `/orgs/acme/migrations/${started.body.id}/archive`, WYANDOTTE)).status).to.equal(204);
    expect((await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${started.body.id}/archive`, WYANDOTTE)).status).to.equal(404);
    expect((await withPreview(server, owner, 'DELETE', `/orgs/acme/migrations/${started.body.id}/archive`, WYANDOTTE)).status).to.equal(404);
  });

  it('is for organization owners and site administrators; repositories must exist and be the caller’s to administer', async () => {
    for (const caller of [member, outsider]) {
      expect((await api(server, caller, 'POST', '/orgs/acme/migrations', { repositories: ['lib'] })).status).to.equal(404);
      expect((await withPreview(server, caller, 'GET', '/orgs/acme/migrations', WYANDOTTE)).status).to.equal(404);
      expect((await withPreview(server, caller, 'GET', `/orgs/acme/migrations/${migrationId}`, WYANDOTTE)).status).to.equal(404);
    }
    expect((await api(server, null, 'POST', '/orgs/acme/migrations', { repositories: ['lib'] })).status).to.equal(401);
    const byAdmin = await api(server, server.adminAuthorization, 'POST', '/orgs/acme/migrations', { repositories: ['lib'] });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).to.equal(201);
    const missing = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['nowhere'] });
    expect(missing.status).to.equal(422);
    expect(missing.body.errors[0]).to.include({ resource: 'Migration', field: 'repositories' });
    await createRepository(server, outsider, { name: 'theirs' });
    expect((await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['passerby/theirs'] })).status).to.equal(422);
    expect((await api(server, owner, 'POST', '/orgs/acme/migrations', {})).status).to.equal(422);
  });
  it('wants admin:org from a token for an organization migration, repo for a user migration', async () => {
    const token = async (scopes: string[]) => {
      const created = await api(server, owner, 'POST', '/authorizations', { scopes, note: `migrations ${scopes.join(' ')}` });
      expect(created.status).to.equal(201);
      return `token ${created.body.token}`;
    };
    const withRepo = await api(server, await token(['repo']), 'POST', '/orgs/acme/migrations', { repositories: ['lib'] });
    expect(withRepo.status).to.be.oneOf([403, 404]);
    expect(withRepo.headers.get('x-accepted-oauth-scopes')).to.equal('admin:org');
    const withUser = await withPreview(server, await token(['user']), 'GET', '/user/migrations', WYANDOTTE);
    expect(withUser.status).to.be.oneOf([403, 404]);
    expect(withUser.headers.get('x-accepted-oauth-scopes')).to.equal('repo');
    const both = await api(server, await token(['admin:org', 'repo']), 'POST', '/orgs/acme/migrations', { repositories: ['lib'] });
    expect(both.status, JSON.stringify(both.body)).to.equal(201);
  });
});

describe('user migrations', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;
  let other: string;

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    owner = await createUser(server, 'solo');
    other = await createUser(server, 'someone');
    await createRepository(server, owner, { name: 'mine', auto_init: true });
    await createRepository(server, other, { name: 'yours', auto_init: true });
  });
  after(() => server.close());

  it('exports the user’s own repositories and refuses another’s (422); only the owner sees it', async () => {
    const started = await api(server, owner, 'POST', '/user/migrations', { repositories: ['solo/mine'], lock_repositories: false });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expectSchema('migration', started.body);
    expect(started.headers.get('location')).to.equal(`${server.url}/user/migrations/${started.body.id}`);
    expect(started.body.owner.login).to.equal('solo');
    const done = await eventually(
      async () => (await withPreview(server, owner, 'GET', `/user/migrations/${started.body.id}`, WYANDOTTE)).body,
      (body) => body.state === 'exported',
      30_000,
    );
    expect(done.state).to.equal('exported');
    const trimmed = await withPreview(server, owner, 'GET', `/user/migrations/${started.body.id}?exclude=repositories`, WYANDOTTE);
    expect(trimmed.body.repositories).to.deep.equal([]);
    const listed = await withPreview(server, owner, 'GET', '/user/migrations', WYANDOTTE);
    expect(listed.body.find((one: { id: number }) => one.id === started.body.id).repositories).to.have.length(1);
    const listedTrimmed = await withPreview(server, owner, 'GET', '/user/migrations?exclude=repositories', WYANDOTTE);
    expect(listedTrimmed.body.find((one: { id: number }) => one.id === started.body.id).repositories).to.deep.equal([]);
    expect((await withPreview(server, other, 'GET', `/user/migrations/${started.body.id}`, WYANDOTTE)).status).to.equal(404);
    expect((await api(server, owner, 'POST', '/user/migrations', { repositories: ['someone/yours'] })).status).to.equal(422);
    expect((await withPreview(server, null, 'GET', '/user/migrations', WYANDOTTE)).status).to.equal(401);
    const archive = await withPreview(server, owner, 'GET', `/user/migrations/${started.body.id}/archive`, WYANDOTTE);
    expect(archive.status).to.equal(302);
    expect((await fetch(archive.headers.get('location')!)).status).to.equal(200);
    expect((await withPreview(server, owner, 'DELETE', `/user/migrations/${started.body.id}/repos/mine/lock`, WYANDOTTE)).status).to.equal(404);
    // A repository that has gone where its owner cannot see it is no longer shown with the migration.
    const transferred = await api(server, owner, 'POST', '/repos/solo/mine/transfer', { new_owner: 'someone' });
    expect(transferred.status, JSON.stringify(transferred.body)).to.equal(202);
    expect((await api(server, other, 'PATCH', '/repos/someone/mine', { private: true })).status).to.equal(200);
    const after = await withPreview(server, owner, 'GET', `/user/migrations/${started.body.id}`, WYANDOTTE);
    expect(after.body.repositories).to.deep.equal([]);
    expect((await withPreview(server, owner, 'GET', `/user/migrations/${started.body.id}/repositories`, WYANDOTTE)).body).to.deep.equal([]);
    void PASSWORD;
  });
});
