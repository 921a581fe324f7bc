import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { FaultyEventStore } from '../../../support/faultyEventStore.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { cloneOf, git, GitSourceServer, makeGitSource } from './sources.js';

const SOURCE_USER = 'reader';
const SOURCE_PASSWORD = 'another source password';
const THRESHOLD = 4096;
const IMPORT_SETTINGS = { FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true', FORGELOG_PROCESS_TICK_MS: '10', FORGELOG_IMPORT_LARGE_FILE_BYTES: String(THRESHOLD) };

const hasTool = (command: string, args: readonly string[]): boolean => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const statusOf = (server: TestServer, owner: string, fullName: string) => async () => (await api(server, owner, 'GET', `/repos/${fullName}/import`)).body;
const finished = (body: any) => body.status !== 'detecting' && body.status !== 'importing' && body.status !== 'mapping' && body.status !== 'pushing';

describe('source imports: large files, Subversion, Mercurial, a restart, and octokit', function () {
  this.timeout(180_000);
  let server: TestServer;
  let sources: GitSourceServer;
  let scratch: string;
  let owner: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-import-kinds-'));
    makeGitSource(join(scratch, 'sources', 'small.git'), 30);
    // A file of exactly the threshold's size is not large ("above" it): neither listed nor moved.
    makeGitSource(join(scratch, 'sources', 'large.git'), 10, { 'big-one.bin': 6000, 'assets/big-two.bin': 5000, 'at-threshold.bin': THRESHOLD });
    sources = await new GitSourceServer(join(scratch, 'sources'), { username: SOURCE_USER, password: SOURCE_PASSWORD }).start();
    server = await startTestServer(IMPORT_SETTINGS);
    owner = await createUser(server, 'porter');
  });
  after(async () => {
    await server.close();
    await sources.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const credentials = { vcs_username: SOURCE_USER, vcs_password: SOURCE_PASSWORD };

  it('lists large files and waits for a choice; opt_in pushes LFS pointers; opt_out afterwards rewrites them out of history', async () => {
    await createRepository(server, owner, { name: 'large' });
    await api(server, owner, 'PUT', '/repos/porter/large/import', { vcs_url: `${sources.url}/large.git`, vcs: 'git', ...credentials });
    const waiting = await eventually(statusOf(server, owner, 'porter/large'), (body) => body.status === 'waiting_to_push' || finished(body));
    expectSchema('import', waiting);
    expect(waiting).to.deep.include({ status: 'waiting_to_push', has_large_files: true, large_files_count: 2, large_files_size: 11000, use_lfs: 'undecided' });
    const listed = await api(server, owner, 'GET', '/repos/porter/large/import/large_files');
    expectArrayOf('porter-large-file', listed.body);
    const source = join(scratch, 'sources', 'large.git');
    expect(listed.body).to.have.deep.members([
      { ref_name: 'refs/heads/main', path: 'big-one.bin', oid: git(source, ['rev-parse', 'main:big-one.bin']).trim(), size: 6000 },
      { ref_name: 'refs/heads/main', path: 'assets/big-two.bin', oid: git(source, ['rev-parse', 'main:assets/big-two.bin']).trim(), size: 5000 },
    ]);

    const optIn = await api(server, owner, 'PATCH', '/repos/porter/large/import/lfs', { use_lfs: 'opt_in' });
    expect(optIn.status).to.equal(200);
    expect(optIn.body.use_lfs).to.equal('opt_in');
    const complete = await eventually(statusOf(server, owner, 'porter/large'), finished);
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
    const first = await cloneOf(server, 'porter', 'porter/large', join(scratch, 'lfs-clone'));
    expect(git(first, ['show', 'main:big-one.bin'])).to.match(/^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:[0-9a-f]{64}\nsize 6000\n$/);
    expect(git(first, ['show', 'main:assets/big-two.bin'])).to.contain('size 5000');
    expect(git(first, ['show', 'main:.gitattributes'])).to.contain('filter=lfs');
    expect(git(first, ['show', 'main:.gitattributes'])).not.to.contain('at-threshold.bin');
    expect(git(first, ['cat-file', '-s', 'main:at-threshold.bin']).trim()).to.equal(String(THRESHOLD));
    expect(git(first, ['rev-list', '--count', 'main']).trim()).to.equal('13');

    // After completion, the other choice rewrites the history and pushes again.
    const optOut = await api(server, owner, 'PATCH', '/repos/porter/large/import/lfs', { use_lfs: 'opt_out' });
    expect(optOut.status).to.equal(200);
    expect(optOut.body).to.deep.include({ use_lfs: 'opt_out', status: 'mapping' });
    const again = await eventually(statusOf(server, owner, 'porter/large'), finished);
    expect(again.status, JSON.stringify(again)).to.equal('complete');
    const second = await cloneOf(server, 'porter', 'porter/large', join(scratch, 'stripped-clone'));
    const objects = git(second, ['rev-list', '--objects', '--all']);
    expect(objects).not.to.contain('big-one.bin');
    expect(objects).not.to.contain('big-two.bin');
    expect(git(second, ['cat-file', '-s', 'main:at-threshold.bin']).trim()).to.equal(String(THRESHOLD));
    expect(git(second, ['rev-list', '--count', 'main']).trim()).to.equal('13');
    git(second, ['fsck', '--strict']);
    // The branch moved by a forced update, recorded as every ref move is.
    const branch = await api(server, owner, 'GET', '/repos/porter/large/branches/main');
    expect(branch.body.commit.sha).to.equal(git(second, ['rev-parse', 'main']).trim());
  });

  it('refuses a rewrite once somebody pushed after the import (their commits are never lost)', async () => {
    await createRepository(server, owner, { name: 'moved-on' });
    await api(server, owner, 'PUT', '/repos/porter/moved-on/import', { vcs_url: `${sources.url}/small.git`, vcs: 'git', ...credentials });
    const complete = await eventually(statusOf(server, owner, 'porter/moved-on'), finished);
    expect(complete.status).to.equal('complete');
    const tip = (await api(server, owner, 'GET', '/repos/porter/moved-on/branches/main')).body.commit.sha;
    const created = await api(server, owner, 'PUT', '/repos/porter/moved-on/contents/NEW.md', {
      message: 'after the import',
      content: Buffer.from('new').toString('base64'),
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const authors = (await api(server, owner, 'GET', '/repos/porter/moved-on/import/authors')).body;
    const refused = await api(server, owner, 'PATCH', `/repos/porter/moved-on/import/authors/${authors[0].id}`, { name: 'Someone Else' });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors[0].message).to.match(/new commits/);
    const now = (await api(server, owner, 'GET', '/repos/porter/moved-on/branches/main')).body.commit.sha;
    expect(now).not.to.equal(tip);
    expect((await api(server, owner, 'GET', '/repos/porter/moved-on/import')).body.status).to.equal('complete');
  });

  it('maps an author after completion by rewriting and pushing again', async () => {
    await createRepository(server, owner, { name: 'remapped' });
    await api(server, owner, 'PUT', '/repos/porter/remapped/import', { vcs_url: `${sources.url}/small.git`, vcs: 'git', ...credentials });
    expect((await eventually(statusOf(server, owner, 'porter/remapped'), finished)).status).to.equal('complete');
    const authors = (await api(server, owner, 'GET', '/repos/porter/remapped/import/authors')).body;
    const grace = authors.find((author: any) => author.name === 'Grace Hopper');
    const mapped = await api(server, owner, 'PATCH', `/repos/porter/remapped/import/authors/${grace.id}`, {
      name: 'Rear Admiral Hopper',
      email: 'grace@navy.example',
    });
    expect(mapped.status).to.equal(200);
    expect((await eventually(statusOf(server, owner, 'porter/remapped'), (body) => body.status === 'complete')).status).to.equal('complete');
    const clone = await cloneOf(server, 'porter', 'porter/remapped', join(scratch, 'remapped-clone'));
    const names = git(clone, ['log', '--format=%an <%ae>', 'main']).trim().split('\n');
    expect(names.filter((name) => name === 'Rear Admiral Hopper <grace@navy.example>')).to.have.length(6);
    expect(names.filter((name) => name.startsWith('Grace Hopper'))).to.have.length(0);
  });

  it('imports a Subversion repository through git svn: trunk, tags, and usernames made valid authors', async function () {
    if (!hasTool('git', ['svn', '--version']) || !hasTool('svnadmin', ['--version'])) this.skip();
    const repository = join(scratch, 'svn-repo');
    execFileSync('svnadmin', ['create', repository]);
    const url = `file://${repository}`;
    const svn = (...args: string[]) => execFileSync('svn', ['--non-interactive', ...args], { cwd: scratch, encoding: 'utf8' });
    svn('mkdir', '-m', 'layout', '--username', 'alice', `${url}/trunk`, `${url}/branches`, `${url}/tags`);
    const work = join(scratch, 'svn-work');
    svn('checkout', '--quiet', `${url}/trunk`, work);
    writeFileSync(join(work, 'readme.txt'), 'one\n');
    execFileSync('svn', ['add', '--quiet', 'readme.txt'], { cwd: work });
    execFileSync('svn', ['commit', '--quiet', '-m', 'first', '--username', 'bob'], { cwd: work });
    writeFileSync(join(work, 'readme.txt'), 'one\ntwo\n');
    execFileSync('svn', ['commit', '--quiet', '-m', 'second', '--username', 'alice'], { cwd: work });
    svn('copy', '-m', 'release', '--username', 'alice', `${url}/trunk`, `${url}/tags/v1.0`);

    await createRepository(server, owner, { name: 'from-svn' });
    const started = await api(server, owner, 'PUT', '/repos/porter/from-svn/import', { vcs_url: url });
    expect(started.body.status).to.equal('detecting');
    const complete = await eventually(statusOf(server, owner, 'porter/from-svn'), (body) => body.status !== 'detecting' && finished(body), 60_000);
    expect(complete, JSON.stringify(complete)).to.deep.include({ status: 'complete', vcs: 'subversion', svn_root: url, authors_count: 2 });
    const authors = (await api(server, owner, 'GET', '/repos/porter/from-svn/import/authors')).body;
    expect(authors.map((author: any) => author.remote_name).sort()).to.deep.equal(['alice', 'bob']);
    const alice = authors.find((author: any) => author.remote_name === 'alice');
    expect(alice.remote_id).to.match(/^alice@[0-9a-f-]{36}$/);
    expect(alice.email).to.equal(alice.remote_id);
    const clone = await cloneOf(server, 'porter', 'porter/from-svn', join(scratch, 'svn-clone'));
    expect(git(clone, ['log', '--format=%an|%s', 'master']).trim().split('\n')).to.deep.equal(['alice|second', 'bob|first', 'alice|layout']);
    expect(git(clone, ['tag', '--list']).trim()).to.equal('v1.0');
    // The source's trunk is master: the repository's default branch follows it.
    expect((await api(server, owner, 'GET', '/repos/porter/from-svn')).body.default_branch).to.equal('master');
  });

  it('imports a Mercurial repository through git-remote-hg (from a local path with a space in it)', async function () {
    if (!hasTool('hg', ['--version']) || !hasTool('sh', ['-c', 'command -v git-remote-hg'])) this.skip();
    const repository = join(scratch, 'hg repo');
    mkdirSync(repository);
    const hg = (...args: string[]) => execFileSync('hg', args, { cwd: repository, env: { ...process.env, HGUSER: 'Carol <carol@example.org>' } });
    hg('init');
    writeFileSync(join(repository, 'x.txt'), 'x\n');
    hg('add', 'x.txt');
    hg('commit', '-m', 'one');
    writeFileSync(join(repository, 'x.txt'), 'x\ny\n');
    hg('commit', '-m', 'two', '-u', 'dave');
    await createRepository(server, owner, { name: 'from-hg' });
    await api(server, owner, 'PUT', '/repos/porter/from-hg/import', { vcs_url: `file://${repository}`, vcs: 'mercurial' });
    const complete = await eventually(statusOf(server, owner, 'porter/from-hg'), finished, 60_000);
    expect(complete, JSON.stringify(complete)).to.deep.include({ status: 'complete', vcs: 'mercurial', commit_count: 2 });
    const clone = await cloneOf(server, 'porter', 'porter/from-hg', join(scratch, 'hg-clone'));
    expect(git(clone, ['log', '--format=%an|%s', 'master']).trim().split('\n')).to.deep.equal(['dave|two', 'Carol|one']);
  });

  it('finds several projects at one address (detection_found_multiple), and a PATCH with the vcs chooses', async function () {
    if (!hasTool('hg', ['--version']) || !hasTool('sh', ['-c', 'command -v git-remote-hg'])) this.skip();
    // One directory that is both a Git and a Mercurial working copy.
    const both = join(scratch, 'both');
    mkdirSync(both);
    writeFileSync(join(both, 'shared.txt'), 'in both\n');
    execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: both });
    execFileSync('git', ['-c', 'user.name=Git Person', '-c', 'user.email=git@example.org', 'commit', '--quiet', '--allow-empty', '-m', 'from git'], {
      cwd: both,
    });
    execFileSync('hg', ['init'], { cwd: both });
    execFileSync('hg', ['commit', '--addremove', '-m', 'from hg', '-u', 'Hg Person <hg@example.org>', 'shared.txt'], { cwd: both });
    await createRepository(server, owner, { name: 'ambiguous' });
    await api(server, owner, 'PUT', '/repos/porter/ambiguous/import', { vcs_url: `file://${both}` });
    const multiple = await eventually(statusOf(server, owner, 'porter/ambiguous'), (body) => body.status !== 'detecting');
    expectSchema('import', multiple);
    expect(multiple.status).to.equal('detection_found_multiple');
    expect(multiple.project_choices).to.deep.equal([
      { vcs: 'git', human_name: 'Git' },
      { vcs: 'mercurial', human_name: 'Mercurial' },
    ]);
    const chosen = await api(server, owner, 'PATCH', '/repos/porter/ambiguous/import', { vcs: 'git' });
    expect(chosen.body).to.deep.include({ status: 'importing', vcs: 'git', project_choices: [] });
    const complete = await eventually(statusOf(server, owner, 'porter/ambiguous'), finished);
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
    const clone = await cloneOf(server, 'porter', 'porter/ambiguous', join(scratch, 'ambiguous-clone'));
    expect(git(clone, ['log', '--format=%an|%s', 'main']).trim()).to.equal('Git Person|from git');
  });

  it('answers every operation through @octokit/rest 20.1.0 migrations.*', async () => {
    await createRepository(server, owner, { name: 'octo' });
    const octokit = basicOctokit(server, 'porter', PASSWORD);
    const started = await octokit.rest.migrations.startImport({
      owner: 'porter',
      repo: 'octo',
      vcs_url: `${sources.url}/large.git`,
      vcs: 'git',
      ...credentials,
    });
    expect(started.status).to.equal(201);
    expectSchema('import', started.data);
    await eventually(statusOf(server, owner, 'porter/octo'), (body) => body.status === 'waiting_to_push');
    const current = await octokit.rest.migrations.getImportStatus({ owner: 'porter', repo: 'octo' });
    expect(current.data.status).to.equal('waiting_to_push');
    const large = await octokit.rest.migrations.getLargeFiles({ owner: 'porter', repo: 'octo' });
    expect(large.data).to.have.length(2);
    const authors = await octokit.rest.migrations.getCommitAuthors({ owner: 'porter', repo: 'octo' });
    expectArrayOf('porter-author', authors.data);
    const mapped = await octokit.rest.migrations.mapCommitAuthor({ owner: 'porter', repo: 'octo', author_id: authors.data[0]!.id, name: 'Mapped Name' });
    expect(mapped.data.name).to.equal('Mapped Name');
    const chosen = await octokit.rest.migrations.setLfsPreference({ owner: 'porter', repo: 'octo', use_lfs: 'opt_out' });
    expectSchema('import', chosen.data);
    expect(chosen.data.use_lfs).to.equal('opt_out');
    await eventually(statusOf(server, owner, 'porter/octo'), finished);
    const updated = await octokit.rest.migrations.updateImport({ owner: 'porter', repo: 'octo' });
    // Without parameters an update restarts the import (GitHub's docs), a completed one too:
    // `importing`, the vcs kept, as GitHub's example answer to a restart.
    expect([updated.data.status, updated.data.vcs]).to.deep.equal(['importing', 'git']);
    expect(updated.headers.location).to.equal(`${server.url}/repos/porter/octo/import`);
    const cancelled = await octokit.rest.migrations.cancelImport({ owner: 'porter', repo: 'octo' });
    expect(cancelled.status).to.equal(204);
    const gone = await octokit.rest.migrations.getImportStatus({ owner: 'porter', repo: 'octo' }).catch((error) => error);
    expect(gone.status).to.equal(404);
  });
});

describe('source imports: a restart mid-import resumes it', function () {
  this.timeout(120_000);

  it('runs the interrupted step again after the restart and completes', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'forgelog-import-restart-'));
    makeGitSource(join(scratch, 'sources', 'history.git'), 300);
    const sources = await new GitSourceServer(join(scratch, 'sources'), { username: SOURCE_USER, password: SOURCE_PASSWORD }).start();
    const dataDir = await newDataDir();
    let faulty!: FaultyEventStore;
    const crashed = await startTestServer(IMPORT_SETTINGS, dataDir, { decorateEventStore: (store) => (faulty = new FaultyEventStore(store)) });
    const owner = await createUser(crashed, 'restarter');
    await createRepository(crashed, owner, { name: 'resumed' });
    // The process dies right when it would record the fetched history.
    faulty.crashAt(/^source-import-/, 'ImportFetched');
    await api(crashed, owner, 'PUT', '/repos/restarter/resumed/import', {
      vcs_url: `${sources.url}/history.git`,
      vcs: 'git',
      vcs_username: SOURCE_USER,
      vcs_password: SOURCE_PASSWORD,
    });
    await eventually(
      () => faulty.isDead(),
      (dead) => dead,
    );
    expect((await api(crashed, owner, 'GET', '/repos/restarter/resumed/import')).body.status).to.equal('importing');
    await crashed.stop();

    const restarted = await startTestServer(IMPORT_SETTINGS, dataDir);
    try {
      const complete = await eventually(statusOf(restarted, owner, 'restarter/resumed'), finished, 60_000);
      expect(complete, JSON.stringify(complete)).to.deep.include({ status: 'complete', commit_count: 300 });
      const branch = await api(restarted, owner, 'GET', '/repos/restarter/resumed/branches/main');
      expect(branch.body.commit.sha).to.equal(git(join(scratch, 'sources', 'history.git'), ['rev-parse', 'main']).trim());
    } finally {
      await restarted.close();
      await sources.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
