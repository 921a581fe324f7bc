import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// POST /git/trees refuses a malformed entry with 422 and GitHub's sentence, which clients
// quote in their fixes: "Must supply a valid tree.mode" (a mode missing, sent as a number, or
// not one of the five), "Must supply either tree.sha or tree.content. Request will be
// rejected if both are present." (a removal sent without `sha: null`), "tree.path cannot
// start with a slash", "A subdirectory may not have content"; an empty `tree` is "Invalid
// tree info".
describe('Git Data: malformed tree entries, in GitHub’s words', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let tree: string;
  let readme: string;
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const objectCount = async () => (await git('count-objects', '-v')).split('\n').filter((line) => /^(count|in-pack):/.test(line));

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    tree = await git('rev-parse', 'main^{tree}');
    readme = await git('rev-parse', 'main:README.md');
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const EITHER = 'Must supply either tree.sha or tree.content. Request will be rejected if both are present.';
  const MODE = 'Must supply a valid tree.mode';
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['an entry without a mode', () => ({ tree: [{ path: 'x', type: 'blob', content: 'x' }] }), MODE],
    ['a mode sent as a number', () => ({ tree: [{ path: 'x', mode: 100644, type: 'blob', content: 'x' }] }), MODE],
    ['a mode git does not write (100664)', () => ({ tree: [{ path: 'x', mode: '100664', type: 'blob', content: 'x' }] }), MODE],
    ['a mode without its leading zero (40000)', () => ({ tree: [{ path: 'd', mode: '40000', type: 'tree', sha: tree }] }), MODE],
    ['a removal without sha: null', () => ({ base_tree: tree, tree: [{ path: 'README.md', mode: '100644', type: 'blob' }] }), EITHER],
    ['both a sha and content', () => ({ tree: [{ path: 'x', mode: '100644', type: 'blob', sha: readme, content: 'x' }] }), EITHER],
    ['sha: null beside content', () => ({ base_tree: tree, tree: [{ path: 'README.md', mode: '100644', type: 'blob', sha: null, content: 'x' }] }), EITHER],
    ['a path starting with a slash', () => ({ tree: [{ path: '/x', mode: '100644', type: 'blob', content: 'x' }] }), 'tree.path cannot start with a slash'],
    ['a subdirectory with content', () => ({ tree: [{ path: 'd', mode: '040000', type: 'tree', content: 'x' }] }), 'A subdirectory may not have content'],
    ['an empty tree', () => ({ base_tree: tree, tree: [] }), 'Invalid tree info'],
  ];

  for (const [what, body, message] of cases) {
    it(`${what}: 422 "${message}", nothing written`, async () => {
      const before = await objectCount();
      const answer = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', body());
      expect(answer.status).to.equal(422);
      expect(answer.body).to.deep.equal({ message, documentation_url: answer.body.documentation_url, status: String(answer.status) });
      expect(answer.body.documentation_url).to.be.a('string');
      expect(await objectCount()).to.deep.equal(before);
    });
  }
});
