import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('repository contents: GET, PUT and DELETE of files', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('a PUT on an empty repository initialises its default branch; Git Data then answers instead of 409', async () => {
    const repository = await createRepository(server, octocat, { name: 'blank' });
    expect((await api(server, octocat, 'GET', '/repos/octocat/blank/git/ref/heads/main')).status).to.equal(409);
    // GitHub's contents of an empty repository: 404, saying so.
    for (const path of ['contents', 'contents/', 'contents/docs/first.md']) {
      const read = await api(server, octocat, 'GET', `/repos/octocat/blank/${path}`);
      expect(read.status, path).to.equal(404);
      expect(read.body.message, path).to.equal('This repository is empty.');
    }
    const created = await api(server, octocat, 'PUT', '/repos/octocat/blank/contents/docs/first.md', { message: 'First file', content: base64('# First\n') });
    expect(created.status).to.equal(201);
    expectSchema('file-commit', created.body);
    expect(created.body.content).to.include({ name: 'first.md', path: 'docs/first.md', type: 'file', size: 8 });
    expect(created.body.commit.parents).to.deep.equal([]);
    expect(await bench.tip(repository.id, 'main')).to.equal(created.body.commit.sha);
    expect((await api(server, octocat, 'GET', '/repos/octocat/blank/git/ref/heads/main')).body.object.sha).to.equal(created.body.commit.sha);
    await bench.git('--git-dir', bench.bareOf(repository.id), 'fsck', '--strict');
  });

  it('reads a file (base64), a directory and the root; updates with the current sha (409 on a mismatch, 422 without); deletes; git agrees', async () => {
    const repository = await createRepository(server, octocat, { name: 'files', auto_init: true });
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const put = await octokit.repos.createOrUpdateFileContents({
      owner: 'octocat',
      repo: 'files',
      path: 'src/app.ts',
      message: 'Add app',
      content: base64('console.log(1);\n'),
    });
    expect(put.status).to.equal(201);
    const file = await api(server, null, 'GET', '/repos/octocat/files/contents/src/app.ts');
    expect(file.status).to.equal(200);
    expectSchema('content-file', file.body);
    expect(Buffer.from(file.body.content, 'base64').toString('utf8')).to.equal('console.log(1);\n');
    expect(file.body).to.include({ type: 'file', encoding: 'base64', name: 'app.ts', path: 'src/app.ts', sha: put.data.content!.sha });
    const root = await api(server, null, 'GET', '/repos/octocat/files/contents/');
    expectSchema('content-directory', root.body);
    expect(root.body.map((entry: { path: string; type: string }) => `${entry.type} ${entry.path}`)).to.deep.equal(['file README.md', 'dir src']);
    const dir = await api(server, null, 'GET', '/repos/octocat/files/contents/src');
    expect(dir.body.map((entry: { path: string }) => entry.path)).to.deep.equal(['src/app.ts']);

    const noSha = await api(server, octocat, 'PUT', '/repos/octocat/files/contents/src/app.ts', { message: 'Change', content: base64('two\n') });
    expect(noSha.status).to.equal(422);
    const wrong = await api(server, octocat, 'PUT', '/repos/octocat/files/contents/src/app.ts', {
      message: 'Change',
      content: base64('two\n'),
      sha: '0'.repeat(40),
    });
    expect(wrong.status).to.equal(409);
    const updated = await api(server, octocat, 'PUT', '/repos/octocat/files/contents/src/app.ts', {
      message: 'Change',
      content: base64('two\n'),
      sha: file.body.sha,
    });
    expect(updated.status).to.equal(200);
    expect(updated.body.commit.message).to.equal('Change');
    const clone = await mkdtemp(join(tmpdir(), 'forgelog-contents-'));
    await bench.git('clone', '--quiet', bench.bareOf(repository.id), clone);
    expect(await readFile(join(clone, 'src/app.ts'), 'utf8')).to.equal('two\n');
    await rm(clone, { recursive: true, force: true });

    const deleted = await api(server, octocat, 'DELETE', '/repos/octocat/files/contents/src/app.ts', { message: 'Remove', sha: updated.body.content.sha });
    expect(deleted.status).to.equal(200);
    expect(deleted.body.content).to.equal(null);
    expect((await api(server, null, 'GET', '/repos/octocat/files/contents/src/app.ts')).status).to.equal(404);
    expect(await bench.git('--git-dir', bench.bareOf(repository.id), 'log', '--format=%s', 'main')).to.equal('Remove\nChange\nAdd app\nInitial commit');
    // Encoded slashes: a client would otherwise normalise the dot segments away before sending.
    for (const path of ['..%2Fx', 'a%2F..%2Fb', '.git/config', 'a%2F%2Fb', 'a%00b']) {
      const answer = await api(server, octocat, 'PUT', `/repos/octocat/files/contents/${path}`, { message: 'bad', content: base64('x') });
      expect([404, 422], path).to.include(answer.status);
    }
    expect((await api(server, null, 'PUT', '/repos/octocat/files/contents/x', { message: 'anon', content: base64('x') })).status).to.equal(401);
  });

  it('a PUT writes files only: a directory, a submodule, or a path under a file or submodule answers 422 and commits nothing', async () => {
    const repository = await createRepository(server, octocat, { name: 'layout', auto_init: true });
    const bare = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repository.id), ...args);
    expect((await api(server, octocat, 'PUT', '/repos/octocat/layout/contents/docs/new.txt', { message: 'Add', content: base64('new\n') })).status).to.equal(
      201,
    );
    const withFile = await bench.tip(repository.id, 'main');
    const tree = await api(server, octocat, 'POST', '/repos/octocat/layout/git/trees', {
      base_tree: await bare('rev-parse', 'main^{tree}'),
      tree: [{ path: 'vendor', mode: '160000', type: 'commit', sha: withFile }],
    });
    const commit = await api(server, octocat, 'POST', '/repos/octocat/layout/git/commits', { message: 'Vendor', tree: tree.body.sha, parents: [withFile] });
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/layout/git/refs/heads/main', { sha: commit.body.sha })).status).to.equal(200);
    const tip = await bench.tip(repository.id, 'main');
    const files = await bare('ls-tree', '-r', 'main');
    const docs = await bare('rev-parse', 'main:docs');

    const refusals: [string, Record<string, unknown>, string][] = [
      ['docs', {}, 'path "docs" is a directory, not a file'],
      ['docs', { sha: docs }, 'path "docs" is a directory, not a file'],
      ['vendor', { sha: withFile }, 'path "vendor" is a submodule, not a file'],
      ['docs/new.txt/sub', {}, 'path "docs/new.txt/sub" is under "docs/new.txt", which is a file, not a directory'],
      ['README.md/x/y', {}, 'path "README.md/x/y" is under "README.md", which is a file, not a directory'],
      ['vendor/x', {}, 'path "vendor/x" is under "vendor", which is a submodule, not a directory'],
    ];
    for (const [path, extra, message] of refusals) {
      const answer = await api(server, octocat, 'PUT', `/repos/octocat/layout/contents/${path}`, { message: 'Replace', content: base64('x\n'), ...extra });
      expect(answer.status, path).to.equal(422);
      expect(answer.body, path).to.deep.equal({ message, documentation_url: answer.body.documentation_url, status: String(answer.status) });
      expect(answer.body.documentation_url).to.be.a('string');
    }
    expect(await bench.tip(repository.id, 'main')).to.equal(tip);
    expect(await bare('ls-tree', '-r', 'main')).to.equal(files);
    expect(await bare('log', '--format=%s', 'main')).to.equal('Vendor\nAdd\nInitial commit');
    // A file beside them is still written, and what was there stays.
    const beside = await api(server, octocat, 'PUT', '/repos/octocat/layout/contents/docs/other.txt', { message: 'Beside', content: base64('other\n') });
    expect(beside.status).to.equal(201);
    expect(await bare('ls-tree', '-r', '--name-only', 'main')).to.equal('README.md\ndocs/new.txt\ndocs/other.txt\nvendor');
    await bare('fsck', '--strict');
  });

  it('branches, one branch and a commit by branch, tag or SHA, as clients read them around contents', async () => {
    await createRepository(server, octocat, { name: 'branchy', auto_init: true });
    const main = (await api(server, null, 'GET', '/repos/octocat/branchy/git/ref/heads/main')).body.object.sha;
    expect((await api(server, octocat, 'POST', '/repos/octocat/branchy/git/refs', { ref: 'refs/heads/feature/x', sha: main })).status).to.equal(201);
    const branches = await api(server, null, 'GET', '/repos/octocat/branchy/branches');
    expect(branches.body).to.deep.equal([
      { name: 'feature/x', commit: { sha: main, url: `${server.url}/repos/octocat/branchy/commits/${main}` }, protected: false },
      { name: 'main', commit: { sha: main, url: `${server.url}/repos/octocat/branchy/commits/${main}` }, protected: false },
    ]);
    const branch = await api(server, null, 'GET', '/repos/octocat/branchy/branches/feature/x');
    expect(branch.body).to.deep.include({ name: 'feature/x', protected: false });
    expect(branch.body.commit).to.deep.include({ sha: main });
    expect(branch.body.commit.commit.message).to.equal('Initial commit');
    const byName = await api(server, null, 'GET', '/repos/octocat/branchy/commits/main');
    const bySha = await api(server, null, 'GET', `/repos/octocat/branchy/commits/${main}`);
    expect(byName.body).to.deep.equal(bySha.body);
    expect(bySha.body).to.deep.include({ sha: main, parents: [], author: null });
    expect((await api(server, null, 'GET', '/repos/octocat/branchy/commits/nope')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/octocat/branchy/branches/nope')).status).to.equal(404);
    await createRepository(server, octocat, { name: 'bare' });
    expect((await api(server, null, 'GET', '/repos/octocat/bare/branches')).body).to.deep.equal([]);
  });
});
