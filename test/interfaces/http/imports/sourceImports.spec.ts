import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { filesUnder } from '../../../support/files.js';
import { runCli } from '../../../support/runCli.js';
import { GatedEventStore } from '../../../support/gatedEventStore.js';
import { expectArrayOf, expectSchema, missingSchemaKeys } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { AUTHORS, cloneOf, git, GitSourceServer, makeGitSource } from './sources.js';

const SOURCE_USER = 'source-reader';
const SOURCE_PASSWORD = 'source password never stored';

describe('source imports: a Git repository over HTTP with Basic auth, observed step by step', function () {
  this.timeout(120_000);
  let server: TestServer;
  let gated: GatedEventStore;
  let sources: GitSourceServer;
  let scratch: string;
  let owner: string;
  let repositoryId: number;
  const logLines: string[] = [];
  const status = async (fullName = 'importer/imported') => (await api(server, owner, 'GET', `/repos/${fullName}/import`)).body;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-import-'));
    makeGitSource(join(scratch, 'sources', 'history.git'), 1000);
    sources = await new GitSourceServer(join(scratch, 'sources'), { username: SOURCE_USER, password: SOURCE_PASSWORD }).start();
    server = await startTestServer({ FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true', FORGELOG_PROCESS_TICK_MS: '10' }, undefined, {
      decorateEventStore: (store) => (gated = new GatedEventStore(store)),
      logLines,
    });
    owner = await createUser(server, 'importer');
    repositoryId = (await createRepository(server, owner, { name: 'imported' })).id;
  });
  after(async () => {
    gated.releaseAll();
    await server.close();
    await sources.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('detects, imports with rising percent, maps two authors while mapping, pushes and completes', async () => {
    gated.hold(['ImportDetected', 'ImportFetched', 'ImportPushStarted', 'ImportCompleted']);
    const started = await api(server, owner, 'PUT', '/repos/importer/imported/import', {
      vcs_url: `${sources.url}/history.git`,
      vcs_username: SOURCE_USER,
      vcs_password: SOURCE_PASSWORD,
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect(started.headers.get('location')).to.equal(`${server.url}/repos/importer/imported/import`);
    expectSchema('import', started.body);
    expect(started.body).to.deep.include({
      vcs: null,
      vcs_url: `${sources.url}/history.git`,
      status: 'detecting',
      percent: null,
      use_lfs: 'undecided',
      has_large_files: false,
      authors_count: 0,
      url: `${server.url}/repos/importer/imported/import`,
      authors_url: `${server.url}/repos/importer/imported/import/authors`,
      repository_url: `${server.url}/repos/importer/imported`,
    });
    expect(JSON.stringify(started.body)).not.to.contain(SOURCE_PASSWORD);

    expect((await status()).status).to.equal('detecting');
    gated.release('ImportDetected');
    const percents: number[] = [];
    const importing = await eventually(status, (body) => body.status === 'importing');
    expect(importing.vcs).to.equal('git');
    // The fetch is done once its last progress is in and ImportFetched waits at the gate.
    const progressed = await eventually(
      async () => (await gated.readStream(`source-import-${repositoryId}`)).filter((event) => event.type === 'ImportProgressed'),
      (events) => events.some((event) => (event.data as { percent: number }).percent === 99),
    );
    for (const event of progressed) percents.push((event.data as { percent: number }).percent);
    expect(percents.length, `percents ${percents}`).to.be.at.least(2);
    expect([...percents].sort((a, b) => a - b)).to.deep.equal(percents);
    expect(new Set(percents).size).to.equal(percents.length);
    // GitHub's docs name it percent while importing (its example answers carry `percent`), its schema import_percent: both.
    expect(await status()).to.deep.include({ import_percent: 99, percent: 99 });

    gated.release('ImportFetched');
    const mapping = await eventually(status, (body) => body.status === 'mapping');
    expect(mapping).to.deep.include({ commit_count: 1000, import_percent: 100, percent: 100, authors_count: 5, status_text: 'Rewriting history' });

    const authors = await api(server, owner, 'GET', '/repos/importer/imported/import/authors');
    expect(authors.status).to.equal(200);
    expectArrayOf('porter-author', authors.body);
    expect(authors.body.map((author: any) => [author.remote_name, author.remote_id, author.name, author.email])).to.deep.equal(
      AUTHORS.map((author) => [author.name, author.email, author.name, author.email]),
    );
    const ids: number[] = authors.body.map((author: any) => author.id);
    expect([...ids].sort((a, b) => a - b)).to.deep.equal(ids);
    expect(authors.body[0].url).to.equal(`${server.url}/repos/importer/imported/import/authors/${ids[0]}`);
    expect(authors.body[0].import_url).to.equal(`${server.url}/repos/importer/imported/import`);
    const since = await api(server, owner, 'GET', `/repos/importer/imported/import/authors?since=${ids[1]}`);
    expect(since.body.map((author: any) => author.id)).to.deep.equal(ids.slice(2));
    // An id past any there is (beyond 15 digits too) leaves none after it, as GET /users?since= does.
    for (const past of [String(ids[ids.length - 1]), '99999999999999999999'])
      expect((await api(server, owner, 'GET', `/repos/importer/imported/import/authors?since=${past}`)).body).to.deep.equal([]);

    const ada = await api(server, owner, 'PATCH', `/repos/importer/imported/import/authors/${ids[0]}`, { name: 'Ada King', email: 'ada@king.example' });
    expect(ada.status, JSON.stringify(ada.body)).to.equal(200);
    expectSchema('porter-author', ada.body);
    expect(ada.body).to.deep.include({ id: ids[0], remote_name: 'Ada Lovelace', remote_id: 'ada@example.org', name: 'Ada King', email: 'ada@king.example' });
    const alan = await api(server, owner, 'PATCH', `/repos/importer/imported/import/authors/${ids[1]}`, { email: 'alan@bletchley.example' });
    expect(alan.body).to.deep.include({ name: 'Alan Turing', email: 'alan@bletchley.example' });
    const refused = await api(server, owner, 'PATCH', `/repos/importer/imported/import/authors/${ids[1]}`, { email: 'not an email' });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors[0]).to.include({ resource: 'Import', field: 'email', code: 'invalid' });
    expect((await api(server, owner, 'PATCH', '/repos/importer/imported/import/authors/99999999', { name: 'x' })).status).to.equal(404);

    gated.release('ImportPushStarted');
    const pushing = await eventually(status, (body) => body.status === 'pushing');
    expect(pushing.push_percent).to.be.a('number');
    gated.release('ImportCompleted');
    const complete = await eventually(status, (body) => body.status === 'complete');
    expectSchema('import', complete);
    expect(missingSchemaKeys('import', complete)).to.deep.equal([]);
    expect(complete).to.deep.include({ status_text: 'Done', push_percent: 100, import_percent: 100, commit_count: 1000, authors_count: 5 });

    // The clone shows the mapped identities; every other commit as it was (message, tree, author).
    const clone = await cloneOf(server, 'importer', 'importer/imported', join(scratch, 'clone'));
    git(clone, ['fsck', '--strict']);
    const imported = git(clone, ['log', '--format=%an <%ae>|%cn <%ce>|%s|%T', 'main']).trim().split('\n');
    const original = git(join(scratch, 'sources', 'history.git'), ['log', '--format=%an <%ae>|%cn <%ce>|%s|%T', 'main'])
      .trim()
      .split('\n');
    expect(imported).to.have.length(1000);
    const mapped = (line: string) =>
      line
        .replaceAll('Ada Lovelace <ada@example.org>', 'Ada King <ada@king.example>')
        .replaceAll('Alan Turing <alan@example.org>', 'Alan Turing <alan@bletchley.example>');
    const differing = imported.map((line, index) => [line, mapped(original[index]!)]).filter(([a, b]) => a !== b);
    expect(differing.slice(0, 3)).to.deep.equal([]);
    expect(imported.filter((line) => line.startsWith('Ada King <ada@king.example>|Ada King <ada@king.example>|'))).to.have.length(200);
    expect(imported.filter((line) => line.startsWith('Grace Hopper <grace@example.org>|'))).to.have.length(200);

    // The import's push is a ref move like any other: the branch exists for the API and the feeds.
    const branch = await api(server, owner, 'GET', '/repos/importer/imported/branches/main');
    expect(branch.body.commit.sha).to.equal(git(clone, ['rev-parse', 'main']).trim());
    const events = await eventually(
      async () => (await api(server, owner, 'GET', '/repos/importer/imported/events')).body,
      (body: any[]) => body.some((event) => event.type === 'CreateEvent' && event.payload.ref_type === 'branch'),
    );
    expect(events.map((event: any) => [event.type, event.payload.ref_type ?? event.payload.ref])).to.deep.include(['CreateEvent', 'branch']);
    expect(events.find((event: any) => event.type === 'CreateEvent' && event.payload.ref_type === 'branch').payload.ref).to.equal('main');
  });

  it('never writes the source password in the clear to the data directory or the logs', async () => {
    expect(logLines.length).to.be.above(10);
    expect(logLines.filter((line) => line.includes(SOURCE_PASSWORD))).to.deep.equal([]);
    for (const file of await filesUnder(server.dataDir)) {
      const content = await readFile(file);
      expect(content.includes(Buffer.from(SOURCE_PASSWORD)), file).to.equal(false);
    }
  });

  it('keeps every step in the import stream, read with forgelog audit import and audit stream', async () => {
    const types = (await gated.readStream(`source-import-${repositoryId}`)).map((event) => event.type);
    const audit = await runCli(['audit', 'import', 'importer/imported'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(audit.code, audit.stderr).to.equal(0);
    expect(audit.stdout).to.contain(`source-import-${repositoryId}`);
    for (const type of ['ImportStarted', 'ImportDetected', 'ImportFetched', 'ImportAuthorMapped', 'ImportCompleted']) expect(audit.stdout).to.contain(type);
    expect(audit.stdout).to.contain('by importer');
    expect(audit.stdout).not.to.contain(SOURCE_PASSWORD);
    const byName = await runCli(['audit', 'stream', `source-import-${repositoryId}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(byName.stdout.split('\n').filter((line) => /^#\d+ /.test(line))).to.have.length(types.length);
    expect(types[0]).to.equal('ImportStarted');
    expect(types).to.include.members(['ImportDetected', 'ImportProgressed', 'ImportFetched', 'ImportAuthorMapped', 'ImportPushStarted', 'ImportCompleted']);
    expect(types.indexOf('ImportFetched')).to.be.below(types.indexOf('ImportAuthorMapped'));
    expect(types.indexOf('ImportAuthorMapped')).to.be.below(types.indexOf('ImportPushStarted'));
  });

  it('answers 422 for a repository that is not empty, and for a vcs_url that is not one', async () => {
    await createRepository(server, owner, { name: 'busy', auto_init: true });
    const refused = await api(server, owner, 'PUT', '/repos/importer/busy/import', { vcs_url: `${sources.url}/history.git`, vcs: 'git' });
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.equal('Validation Failed');
    expect(refused.body.errors[0]).to.deep.include({ resource: 'Import', code: 'custom' });
    expect((await api(server, owner, 'GET', '/repos/importer/busy/import')).status).to.equal(404);
    await createRepository(server, owner, { name: 'empty' });
    const missing = await api(server, owner, 'PUT', '/repos/importer/empty/import', {});
    expect(missing.status).to.equal(422);
    expect(missing.body.errors).to.deep.equal([{ resource: 'Import', field: 'vcs_url', code: 'missing_field' }]);
    const notUrl = await api(server, owner, 'PUT', '/repos/importer/empty/import', { vcs_url: 'not a url' });
    expect(notUrl.status).to.equal(422);
    expect(notUrl.body.errors[0]).to.deep.include({ field: 'vcs_url', code: 'invalid' });
    const badVcs = await api(server, owner, 'PUT', '/repos/importer/empty/import', { vcs_url: `${sources.url}/history.git`, vcs: 'cvs' });
    expect(badVcs.status).to.equal(422);
    expect(badVcs.body.errors[0]).to.deep.include({ field: 'vcs', code: 'invalid' });
  });

  it('is for repository administrators: others who can see the repository get 404', async () => {
    const stranger = await createUser(server, 'import-stranger');
    await createRepository(server, owner, { name: 'public-target' });
    expect((await api(server, stranger, 'GET', '/repos/importer/imported/import')).status).to.equal(404);
    expect((await api(server, stranger, 'PUT', '/repos/importer/public-target/import', { vcs_url: `${sources.url}/history.git` })).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/importer/imported/import')).status).to.equal(404);
  });

  it('ends in auth_failed with a wrong password, then completes after a PATCH with the right one', async () => {
    await createRepository(server, owner, { name: 'second' });
    const started = await api(server, owner, 'PUT', '/repos/importer/second/import', {
      vcs_url: `${sources.url}/history.git`,
      vcs: 'git',
      vcs_username: SOURCE_USER,
      vcs_password: 'wrong',
    });
    expect(started.body.status).to.equal('importing');
    const failed = await eventually(
      () => status('importer/second'),
      (body) => body.status === 'auth_failed',
    );
    expectSchema('import', failed);
    expect(failed).to.deep.include({ failed_step: 'importing', status_text: 'Authentication failed' });
    const patched = await api(server, owner, 'PATCH', '/repos/importer/second/import', { vcs_username: SOURCE_USER, vcs_password: SOURCE_PASSWORD });
    expect(patched.status).to.equal(200);
    // GitHub's example answer to new credentials: `detecting`, the vcs kept.
    expect(patched.body).to.deep.include({ status: 'detecting', vcs: 'git', failed_step: null, error_message: null });
    const complete = await eventually(
      () => status('importer/second'),
      (body) => body.status === 'complete',
    );
    expect(complete.commit_count).to.equal(1000);
  });

  it('asks for credentials when detection meets a login (detection_needs_auth)', async () => {
    await createRepository(server, owner, { name: 'needs-auth' });
    await api(server, owner, 'PUT', '/repos/importer/needs-auth/import', { vcs_url: `${sources.url}/history.git` });
    const needs = await eventually(
      () => status('importer/needs-auth'),
      (body) => body.status !== 'detecting',
    );
    expect(needs.status).to.equal('detection_needs_auth');
    // A PATCH with credentials detects again, and goes on.
    await api(server, owner, 'PATCH', '/repos/importer/needs-auth/import', { vcs_username: SOURCE_USER, vcs_password: SOURCE_PASSWORD });
    const complete = await eventually(
      () => status('importer/needs-auth'),
      (body) => body.status === 'complete' || body.status === 'error',
    );
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
  });

  it('finds nothing where no repository is (detection_found_nothing), and reports an unreachable address as an error', async () => {
    await createRepository(server, owner, { name: 'nothing' });
    await api(server, owner, 'PUT', '/repos/importer/nothing/import', {
      vcs_url: `${sources.url}/absent.git`,
      vcs_username: SOURCE_USER,
      vcs_password: SOURCE_PASSWORD,
    });
    const nothing = await eventually(
      () => status('importer/nothing'),
      (body) => body.status !== 'detecting',
    );
    expect(nothing.status).to.equal('detection_found_nothing');

    await createRepository(server, owner, { name: 'unreachable' });
    await api(server, owner, 'PUT', '/repos/importer/unreachable/import', { vcs_url: 'http://127.0.0.1:1/x.git', vcs: 'git' });
    const unreachable = await eventually(
      () => status('importer/unreachable'),
      (body) => body.status !== 'importing',
    );
    expect(unreachable).to.deep.include({ status: 'error', failed_step: 'importing', human_name: 'Importing commits' });
    expect(unreachable.error_message).to.match(/connect|refused/i);
    // An empty PATCH starts it over: a new attempt, which fails the same way. GitHub's example
    // answer to a restart without parameters: `importing`, the vcs kept, with its Location.
    const restarted = await api(server, owner, 'PATCH', '/repos/importer/unreachable/import', {});
    expect(restarted.status).to.equal(200);
    expect(restarted.body).to.deep.include({ status: 'importing', vcs: 'git', failed_step: null });
    expect(restarted.headers.get('location')).to.equal(`${server.url}/repos/importer/unreachable/import`);
    const again = await eventually(
      () => status('importer/unreachable'),
      (body) => body.status !== 'importing' && body.status !== 'detecting',
    );
    expect(again.status).to.equal('error');
    const attempts = (await gated.readStream(`source-import-${(await api(server, owner, 'GET', '/repos/importer/unreachable')).body.id}`))
      .filter((event) => event.type === 'ImportFailed')
      .map((event) => (event.data as { attempt: number }).attempt);
    expect(attempts).to.deep.equal([1, 2]);
  });

  it('says TFVC is not supported, in an error state', async () => {
    await createRepository(server, owner, { name: 'tfvc' });
    await api(server, owner, 'PUT', '/repos/importer/tfvc/import', { vcs_url: 'http://127.0.0.1:1/tfs', vcs: 'tfvc', tfvc_project: 'project1' });
    const failed = await eventually(
      () => status('importer/tfvc'),
      (body) => body.status !== 'importing',
    );
    expect(failed).to.deep.include({ status: 'error', tfvc_project: 'project1' });
    expect(failed.error_message).to.match(/not supported/);
  });

  it('stops an import cancelled mid-way: 204, then 404, its workspace gone and the repository still empty', async () => {
    const target = await createRepository(server, owner, { name: 'cancelled' });
    gated.hold(['ImportFetched']);
    await api(server, owner, 'PUT', '/repos/importer/cancelled/import', {
      vcs_url: `${sources.url}/history.git`,
      vcs: 'git',
      vcs_username: SOURCE_USER,
      vcs_password: SOURCE_PASSWORD,
    });
    await eventually(
      () => status('importer/cancelled'),
      (body) => body.status === 'importing',
    );
    const cancelled = await api(server, owner, 'DELETE', '/repos/importer/cancelled/import');
    expect(cancelled.status).to.equal(204);
    expect((await api(server, owner, 'GET', '/repos/importer/cancelled/import')).status).to.equal(404);
    gated.release('ImportFetched');
    const workspace = join(server.dataDir, 'imports', String(target.id));
    await eventually(
      () =>
        stat(workspace).then(
          () => true,
          () => false,
        ),
      (exists) => !exists,
    );
    const stream = await gated.readStream(`source-import-${target.id}`);
    expect(stream.map((event) => event.type)).not.to.include('ImportFetched');
    expect((await api(server, owner, 'GET', '/repos/importer/cancelled/branches')).body).to.deep.equal([]);
    expect((await api(server, owner, 'DELETE', '/repos/importer/cancelled/import')).status).to.equal(404);
  });
});
