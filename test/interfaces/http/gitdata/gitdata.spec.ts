import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema, missingSchemaKeys } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// Git Data through the API, every result checked with git itself.
describe('Git Data: blobs, trees, commits, refs and tags', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let bare: string;
  const git = (...args: string[]) => bench.git('--git-dir', bare, ...args);

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bare = bench.bareOf(repositoryId);
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it("the seed's commit workflow through @octokit/rest: ref, commit, tree, blob, tree, commit, ref update; git sees the new file and fsck is clean", async () => {
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const owner = 'octocat';
    const repo = 'hello';
    const ref = await octokit.git.getRef({ owner, repo, ref: 'heads/main' });
    expectSchema('git-ref', ref.data);
    const parent = await octokit.git.getCommit({ owner, repo, commit_sha: ref.data.object.sha });
    expectSchema('git-commit', parent.data);
    const baseTree = await octokit.git.getTree({ owner, repo, tree_sha: parent.data.tree.sha });
    expectSchema('git-tree', baseTree.data);
    expect(baseTree.data.tree.map((entry) => entry.path)).to.deep.equal(['README.md']);
    const blob = await octokit.git.createBlob({ owner, repo, content: 'Hello from the API\n', encoding: 'utf-8' });
    expect(blob.status).to.equal(201);
    expectSchema('short-blob', blob.data);
    const tree = await octokit.git.createTree({
      owner,
      repo,
      base_tree: baseTree.data.sha,
      tree: [{ path: 'docs/hello.txt', mode: '100644', type: 'blob', sha: blob.data.sha }],
    });
    expect(tree.status).to.equal(201);
    expectSchema('git-tree', tree.data);
    const commit = await octokit.git.createCommit({ owner, repo, message: 'Add docs/hello.txt', tree: tree.data.sha, parents: [parent.data.sha] });
    expect(commit.status).to.equal(201);
    expectSchema('git-commit', commit.data);
    expect(missingSchemaKeys('git-commit', commit.data)).to.deep.equal([]);
    expect(commit.data).to.deep.include({
      message: 'Add docs/hello.txt',
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    });
    // octocat shows no email (an administrator gave it): the no-reply address.
    const octocatId = (await api(server, null, 'GET', '/users/octocat')).body.id;
    expect(commit.data.author).to.include({ name: 'octocat', email: `${octocatId}+octocat@users.noreply.forgelog.local` });
    expect(commit.data.parents.map((p) => p.sha)).to.deep.equal([parent.data.sha]);
    const updated = await octokit.git.updateRef({ owner, repo, ref: 'heads/main', sha: commit.data.sha });
    expect(updated.data.object.sha).to.equal(commit.data.sha);

    expect(await git('rev-parse', 'refs/heads/main')).to.equal(commit.data.sha);
    const moves = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/main`);
    expect(moves.at(-1)!.data).to.deep.include({ from: parent.data.sha, to: commit.data.sha, size: 1 });
    expect((moves.at(-1)!.data as { commits: { sha: string; message: string }[] }).commits.map((c) => [c.sha, c.message])).to.deep.equal([
      [commit.data.sha, 'Add docs/hello.txt'],
    ]);
    expect(await git('log', '-1', '--format=%s%n%P', 'main')).to.equal(`Add docs/hello.txt\n${parent.data.sha}`);
    await git('fsck', '--strict');
    // Over the server's HTTP, at the repository's clone_url.
    const cloneUrl = (await api(server, octocat, 'GET', '/repos/octocat/hello')).body.clone_url as string;
    expect(cloneUrl).to.equal(`${server.url}/octocat/hello.git`);
    const clone = await mkdtemp(join(tmpdir(), 'forgelog-gitdata-clone-'));
    await bench.git('clone', '--quiet', cloneUrl, clone);
    expect(await readFile(join(clone, 'docs/hello.txt'), 'utf8')).to.equal('Hello from the API\n');
    expect(await readFile(join(clone, 'README.md'), 'utf8')).to.contain('hello');
    expect(await bench.git('-C', clone, 'log', '-1', '--format=%s')).to.equal('Add docs/hello.txt');
    await rm(clone, { recursive: true, force: true });
  });

  it('writes blobs, trees, commits and tags with the SHAs git gives for the same content', async () => {
    const content = Buffer.from([0, 1, 2, 250, 255, 10]);
    const blob = await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: content.toString('base64'), encoding: 'base64' });
    expect(blob.status).to.equal(201);
    const scratch = await mkdtemp(join(tmpdir(), 'forgelog-gitdata-'));
    const environment = gitEnvironment(scratch);
    expect(blob.body.sha).to.equal((await runGit(['hash-object', '--stdin'], environment, { input: content })).stdout.trim());
    const read = await api(server, octocat, 'GET', `/repos/octocat/hello/git/blobs/${blob.body.sha}`);
    expectSchema('blob', read.body);
    expect(Buffer.from(read.body.content, 'base64')).to.deep.equal(content);
    expect(read.body).to.include({ size: 6, encoding: 'base64' });

    const tree = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      tree: [
        { path: 'data.bin', mode: '100644', type: 'blob', sha: blob.body.sha },
        { path: 'run.sh', mode: '100755', type: 'blob', content: '#!/bin/sh\n' },
      ],
    });
    expect(tree.status).to.equal(201);
    const runSha = tree.body.tree.find((entry: { path: string }) => entry.path === 'run.sh').sha;
    const expectedTree = (
      await runGit(['--git-dir', bare, 'mktree'], environment, { input: `100644 blob ${blob.body.sha}\tdata.bin\n100755 blob ${runSha}\trun.sh\n` })
    ).stdout.trim();
    expect(tree.body.sha).to.equal(expectedTree);

    const date = '2026-11-20T12:00:00Z';
    const who = { name: 'Mona Lisa', email: 'mona@example.com', date };
    const commit = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
      message: 'Data\n\nWith a body.\n',
      tree: tree.body.sha,
      author: who,
      committer: who,
    });
    expect(commit.status).to.equal(201);
    const when = String(Date.parse(date) / 1000);
    const identity = {
      GIT_AUTHOR_NAME: who.name,
      GIT_AUTHOR_EMAIL: who.email,
      GIT_AUTHOR_DATE: `${when} +0000`,
      GIT_COMMITTER_NAME: who.name,
      GIT_COMMITTER_EMAIL: who.email,
      GIT_COMMITTER_DATE: `${when} +0000`,
    };
    const expectedCommit = (
      await runGit(['--git-dir', bare, 'commit-tree', tree.body.sha, '-F', '-'], environment, { input: 'Data\n\nWith a body.\n', env: identity })
    ).stdout.trim();
    expect(commit.body.sha).to.equal(expectedCommit);
    expect(commit.body.author).to.deep.equal(who);

    const tag = await api(server, octocat, 'POST', '/repos/octocat/hello/git/tags', {
      tag: 'v1.0',
      message: 'First release\n',
      object: commit.body.sha,
      type: 'commit',
      tagger: who,
    });
    expect(tag.status).to.equal(201);
    expectSchema('git-tag', tag.body);
    const tagText = `object ${commit.body.sha}\ntype commit\ntag v1.0\ntagger ${who.name} <${who.email}> ${when} +0000\n\nFirst release\n`;
    expect(tag.body.sha).to.equal((await runGit(['--git-dir', bare, 'mktag'], environment, { input: tagText })).stdout.trim());
    expect(tag.body).to.deep.include({ tag: 'v1.0', message: 'First release\n', tagger: who });
    const shown = await api(server, octocat, 'GET', `/repos/octocat/hello/git/tags/${tag.body.sha}`);
    expect(shown.body).to.deep.equal(tag.body);
    // The tag object only: its ref is created separately, as on GitHub.
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/tags/v1.0')).status).to.equal(404);
    const tagRef = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/tags/v1.0', sha: tag.body.sha });
    expect(tagRef.status).to.equal(201);
    expect(tagRef.body.object).to.include({ type: 'tag', sha: tag.body.sha });
    expect(await git('cat-file', '-t', 'refs/tags/v1.0')).to.equal('tag');
    await git('fsck', '--strict');
    await rm(scratch, { recursive: true, force: true });
  });

  it('commits with several parents; a tree SHA as a parent or a missing tree is refused with 422 and writes nothing', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha;
    const parent = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body;
    const tree = parent.tree.sha;
    const merge = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
      message: 'Two parents',
      tree,
      parents: [main, parent.parents[0].sha],
    });
    expect(merge.status).to.equal(201);
    expect(merge.body.parents.map((p: { sha: string }) => p.sha)).to.deep.equal([main, parent.parents[0].sha]);
    expect((await git('log', '-1', '--format=%P', merge.body.sha)).split(' ')).to.deep.equal([main, parent.parents[0].sha]);
    const treeAsParent = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'x', tree, parents: [tree] });
    expect(treeAsParent.status).to.equal(422);
    expect(treeAsParent.body.message).to.equal('Parent SHA does not exist or is not a commit object');
    const noTree = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'x', tree: 'f'.repeat(40) });
    expect(noTree.status).to.equal(422);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'x', tree: 'not a sha' })).status).to.equal(422);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/commits/not-a-sha')).status).to.equal(404);
  });

  it('trees: base_tree with a removal (sha: null), nested paths, recursive reads, and 422 for bad entries', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha;
    const baseTree = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha;
    const added = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      base_tree: baseTree,
      tree: [
        { path: 'src/lib/a.ts', mode: '100644', type: 'blob', content: 'export const a = 1;\n' },
        { path: 'README.md', mode: '100644', type: 'blob', sha: null },
      ],
    });
    expect(added.status).to.equal(201);
    const recursive = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${added.body.sha}?recursive=1`);
    expect(recursive.body.truncated).to.equal(false);
    expect(recursive.body.tree.map((entry: { path: string; type: string }) => `${entry.type} ${entry.path}`)).to.deep.equal([
      'tree docs',
      'blob docs/hello.txt',
      'tree src',
      'tree src/lib',
      'blob src/lib/a.ts',
    ]);
    expect(await git('ls-tree', '-r', '--name-only', added.body.sha)).to.equal('docs/hello.txt\nsrc/lib/a.ts');
    const byBranch = await api(server, octocat, 'GET', '/repos/octocat/hello/git/trees/main');
    expect(byBranch.status).to.equal(200);
    // HEAD names the default branch's tree, as scripts' `git/trees/HEAD?recursive=1` expects.
    const byHead = await api(server, octocat, 'GET', '/repos/octocat/hello/git/trees/HEAD?recursive=1');
    expect(byHead.status).to.equal(200);
    expect(byHead.body.sha).to.equal(byBranch.body.sha);
    expect(byHead.body.sha).to.equal(await git('rev-parse', 'HEAD^{tree}'));
    for (const entry of [
      { path: '../x', mode: '100644', type: 'blob', content: 'x' },
      { path: 'x', mode: '040000', type: 'blob', content: 'x' },
      { path: 'x', mode: '100644', type: 'blob', sha: '0'.repeat(40) },
    ]) {
      const refused = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { tree: [entry] });
      expect(refused.status, JSON.stringify(entry)).to.equal(422);
      expect(refused.body.message).to.be.a('string');
    }
  });

  it("a tree by a tag's name: lightweight or annotated (a tag of a tag too), peeled to the commit's tree as git's <tag>^{tree}", async () => {
    const main = await git('rev-parse', 'refs/heads/main');
    const expected = await git('rev-parse', 'refs/heads/main^{tree}');
    const who = { name: 'Mona Lisa', email: 'mona@example.com', date: '2020-01-02T03:04:05Z' };
    const annotated = await api(server, octocat, 'POST', '/repos/octocat/hello/git/tags', {
      tag: 'v-annotated',
      message: 'A\n',
      object: main,
      type: 'commit',
      tagger: who,
    });
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/tags/v-annotated', sha: annotated.body.sha })).status).to.equal(
      201,
    );
    const nestedText = `object ${annotated.body.sha}\ntype tag\ntag v-nested\ntagger Mona Lisa <mona@example.com> 1577934245 +0000\n\nN\n`;
    const nested = (await runGit(['--git-dir', bare, 'mktag'], gitEnvironment(bench.bareOf(repositoryId)), { input: nestedText })).stdout.trim();
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/tags/v-nested', sha: nested })).status).to.equal(201);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/tags/v-light', sha: main })).status).to.equal(201);
    for (const name of ['v-annotated', 'v-nested', 'v-light', annotated.body.sha]) {
      const tree = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${name}`);
      expect(tree.status, name).to.equal(200);
      expect(tree.body.sha).to.equal(expected);
      expectSchema('git-tree', tree.body);
    }
  });

  it('refs: get, matching (paginated), create (422 for a bad name or an existing ref), fast-forward only unless forced, delete', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha;
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'heads/x', sha: main })).status).to.equal(422);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/x', sha: main })).status).to.equal(422);
    for (const name of ['feature/a', 'feature/b', 'feature/c']) {
      const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: `refs/heads/${name}`, sha: main });
      expect(created.status).to.equal(201);
      expectSchema('git-ref', created.body);
      expect(created.headers.get('location')).to.equal(created.body.url);
    }
    const again = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/feature/a', sha: main });
    expect(again.status).to.equal(422);
    expect(again.body.message).to.equal('Reference already exists');
    const page = await api(server, octocat, 'GET', '/repos/octocat/hello/git/matching-refs/heads/feature?per_page=2');
    expectArrayOf('git-ref', page.body);
    expect(page.body.map((ref: { ref: string }) => ref.ref)).to.deep.equal(['refs/heads/feature/a', 'refs/heads/feature/b']);
    expect(page.headers.get('link')).to.contain('page=2');
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/matching-refs/heads/nothing')).body).to.deep.equal([]);

    // An older commit: not a fast forward from main.
    const older = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.parents[0].sha;
    const backwards = await api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/feature/a', { sha: older });
    expect(backwards.status).to.equal(422);
    expect(backwards.body.message).to.equal('Update is not a fast forward');
    const forced = await api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/feature/a', { sha: older, force: true });
    expect(forced.status).to.equal(200);
    expect(await git('rev-parse', 'refs/heads/feature/a')).to.equal(older);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/hello/git/refs/heads/feature/a')).status).to.equal(204);
    const gone = await api(server, octocat, 'DELETE', '/repos/octocat/hello/git/refs/heads/feature/a');
    expect(gone.status).to.equal(422);
    expect(gone.body.message).to.equal('Reference does not exist');
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/feature/a')).status).to.equal(404);
    const history = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/feature/a`);
    expect(history.map((event) => event.type)).to.deep.equal(['RefCreated', 'RefUpdated', 'RefDeleted']);
    expect(
      history.map((event) => {
        const data = event.data as { from: string | null; to: string | null; forced: boolean };
        return [data.from, data.to, data.forced];
      }),
    ).to.deep.equal([
      [null, main, false],
      [main, older, true],
      [older, null, false],
    ]);
  });

  it('20 clients fast-forwarding one ref from the same value: one wins, the others get 422, and the log holds exactly the one move', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha;
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/race', sha: main })).status).to.equal(201);
    const tree = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha;
    const commits: string[] = [];
    for (let i = 0; i < 20; i++)
      commits.push((await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: `racer ${i}`, tree, parents: [main] })).body.sha);
    const answers = await Promise.all(commits.map((sha) => api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/race', { sha })));
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).to.have.length(1);
    expect(answers.filter((answer) => answer.status === 422 && answer.body.message === 'Update is not a fast forward')).to.have.length(19);
    expect(await git('rev-parse', 'refs/heads/race')).to.equal(winners[0]!.body.object.sha);
    const history = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/race`);
    expect(history.map((event) => (event.data as { to: string }).to)).to.deep.equal([main, winners[0]!.body.object.sha]);
  });

  it('409 on an empty repository for every operation; 404 for unknown objects; writes need push access', async () => {
    await createRepository(server, octocat, { name: 'empty' });
    const sha = '1'.repeat(40);
    for (const [method, path, body] of [
      ['POST', '/git/blobs', { content: 'x' }],
      ['GET', `/git/blobs/${sha}`, undefined],
      ['POST', '/git/trees', { tree: [] }],
      ['GET', `/git/trees/${sha}`, undefined],
      ['POST', '/git/commits', { message: 'm', tree: sha }],
      ['GET', `/git/commits/${sha}`, undefined],
      ['GET', '/git/ref/heads/main', undefined],
      ['GET', '/git/matching-refs/heads', undefined],
      ['POST', '/git/refs', { ref: 'refs/heads/x', sha }],
      ['PATCH', '/git/refs/heads/x', { sha }],
      ['DELETE', '/git/refs/heads/x', undefined],
      ['POST', '/git/tags', { tag: 't', message: 'm', object: sha, type: 'commit' }],
      ['GET', `/git/tags/${sha}`, undefined],
    ] as const) {
      const answer = await api(server, octocat, method, `/repos/octocat/empty${path}`, body);
      expect(answer.status, `${method} ${path}`).to.equal(409);
      expect(answer.body.message).to.equal('Git Repository is empty.');
    }
    for (const path of [`/git/blobs/${sha}`, `/git/commits/${sha}`, `/git/tags/${sha}`, `/git/trees/${sha}`, '/git/ref/heads/nope']) {
      expect((await api(server, octocat, 'GET', `/repos/octocat/hello${path}`)).status, path).to.equal(404);
    }
    const stranger = await createUser(server, 'stranger');
    expect((await api(server, stranger, 'POST', '/repos/octocat/hello/git/blobs', { content: 'x' })).status).to.equal(403);
    expect((await api(server, null, 'POST', '/repos/octocat/hello/git/blobs', { content: 'x' })).status).to.equal(401);
    const badEncoding = await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: 'x', encoding: 'latin1' });
    expect(badEncoding.status).to.equal(422);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: '!!not base64!!', encoding: 'base64' })).status).to.equal(422);
  });

  it('an empty blob reads with content "" (Ruby\'s Base64.encode64 of nothing), through git/blobs and contents alike', async () => {
    const blob = await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: '', encoding: 'utf-8' });
    expect(blob.body.sha).to.equal('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    const read = await api(server, octocat, 'GET', `/repos/octocat/hello/git/blobs/${blob.body.sha}`);
    expect(read.body).to.include({ size: 0, content: '', encoding: 'base64' });
    expect((await api(server, octocat, 'PUT', '/repos/octocat/hello/contents/empty.txt', { message: 'Empty file', content: '' })).status).to.equal(201);
    const file = await api(server, octocat, 'GET', '/repos/octocat/hello/contents/empty.txt');
    expect(file.body).to.include({ size: 0, content: '', encoding: 'base64', sha: blob.body.sha });
    // Other sizes keep GitHub's wrapping: a newline after every 60 characters and at the end.
    const sixty = await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: 'x'.repeat(45), encoding: 'utf-8' });
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/blobs/${sixty.body.sha}`)).body.content).to.equal(`${'eHh4'.repeat(15)}\n`);
    const one = await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: 'x', encoding: 'utf-8' });
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/blobs/${one.body.sha}`)).body.content).to.equal('eA==\n');
  });
});
