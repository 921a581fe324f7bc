import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// GET /git/trees/{tree_sha} as GitHub answers what is not a tree: an object of the repository
// that is neither a tree nor a commit (a blob's SHA, as from the contents API) is 422 "Invalid
// object requested. SHA must identify a commit or a tree." (api.github.com's answer in
// github-mcp-server's logs); the empty tree, which GitHub never serves, is 404, and so is a
// POST whose entries leave nothing (the last file removed).
describe('Git Data: reading what is not a tree', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let main: string;
  let tree: string;
  let readme: string;
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const NOT_A_TREE = 'Invalid object requested. SHA must identify a commit or a tree.';
  const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    main = await bench.tip(repositoryId, 'main');
    tree = await git('rev-parse', 'main^{tree}');
    readme = await git('rev-parse', 'main:README.md');
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('a blob’s SHA: 422, recursive or not; a tag of the blob too', async () => {
    for (const query of ['', '?recursive=1']) {
      const answer = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${readme}${query}`);
      expect(answer.status, query).to.equal(422);
      expect(answer.body).to.deep.equal({ message: NOT_A_TREE, documentation_url: answer.body.documentation_url, status: String(answer.status) });
    }
    const tag = await api(server, octocat, 'POST', '/repos/octocat/hello/git/tags', { tag: 'readme', message: 'x', object: readme, type: 'blob' });
    expect(tag.status).to.equal(201);
    const byTag = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${tag.body.sha}`);
    expect(byTag.status).to.equal(422);
    expect(byTag.body.message).to.equal(NOT_A_TREE);
  });

  it('what names nothing stays 404: an unknown SHA, an unknown name', async () => {
    for (const name of ['1'.repeat(40), 'nope', 'heads']) {
      const answer = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${name}`);
      expect(answer.status, name).to.equal(404);
    }
  });

  // GitHub's documented limits: 100,000 entries, and 7 MB of them when recursive; past either
  // the list stops and says `truncated: true`.
  it('a recursive listing stops at 7 MB of entries and says truncated; one level of the same tree is whole', async () => {
    const blob = await bench.git('--git-dir', bench.bareOf(repositoryId), 'hash-object', '-w', '--stdin');
    const names = Array.from({ length: 30_000 }, (_, i) => `${String(i).padStart(6, '0')}-${'n'.repeat(250)}`);
    const listing = names.map((name) => `100644 blob ${blob}\t${name}\n`).join('');
    const dir = (await runGit(['--git-dir', bench.bareOf(repositoryId), 'mktree'], gitEnvironment(bench.scratch), { input: listing })).stdout.trim();
    const top = (
      await runGit(['--git-dir', bench.bareOf(repositoryId), 'mktree'], gitEnvironment(bench.scratch), { input: `040000 tree ${dir}\tdir\n` })
    ).stdout.trim();
    const recursive = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${top}?recursive=1`);
    expect(recursive.status).to.equal(200);
    expect(recursive.body.truncated).to.equal(true);
    // About 7 MB of git's listing (ls-tree -l): fewer than the 30,001 entries, most of them.
    expect(recursive.body.tree.length).to.be.above(20_000).and.below(30_001);
    expect(recursive.body.tree[0]).to.include({ path: 'dir', type: 'tree' });
    const oneLevel = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${dir}`);
    expect(oneLevel.body.truncated).to.equal(false);
    expect(oneLevel.body.tree).to.have.length(30_000);
  });

  it('the empty tree: 404 to a GET, by its SHA or a commit of it, and to a POST that removes the last file', async () => {
    const removed = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      base_tree: tree,
      tree: [{ path: 'README.md', mode: '100644', type: 'blob', sha: null }],
    });
    expect(removed.status).to.equal(404);
    expect(removed.body.message).to.equal('Not Found');
    const empty = await git('mktree', '--missing');
    expect(empty).to.equal(EMPTY_TREE);
    const commit = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'empty', tree: EMPTY_TREE, parents: [main] });
    expect(commit.status).to.equal(201);
    for (const name of [EMPTY_TREE, commit.body.sha]) {
      const answer = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${name}?recursive=1`);
      expect(answer.status, name).to.equal(404);
    }
  });
});
