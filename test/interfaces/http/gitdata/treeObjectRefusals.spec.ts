import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// POST /git/trees naming an object the repository does not hold (or one of another type)
// answers 422 in GitHub's words, which clients quote and match on: "tree.sha <sha> is not a
// valid blob" (octokit/octokit.net#1052, GetPublii/Publii#313,
// BetaHuhn/repo-file-sync-action#349), "... is not a valid tree" (creationix/tedit#43) and
// "base_tree is not a valid tree oid" (sigmavirus24/github3.py#522, PyGithub/PyGithub#1732).
describe('Git Data: trees naming objects that are not there, in GitHub’s words', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let main: string;
  let tree: string;
  let readme: string;
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const missing = '1234567890123456789012345678901234567890';

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

  const cases: [string, () => Record<string, unknown>, () => string][] = [
    [
      'a blob entry whose sha the repository does not hold',
      () => ({ tree: [{ path: 'x', mode: '100644', type: 'blob', sha: missing }] }),
      () => `tree.sha ${missing} is not a valid blob`,
    ],
    [
      'a blob entry whose sha is a tree',
      () => ({ tree: [{ path: 'x', mode: '100644', type: 'blob', sha: tree }] }),
      () => `tree.sha ${tree} is not a valid blob`,
    ],
    [
      'a tree entry whose sha the repository does not hold',
      () => ({ tree: [{ path: 'd', mode: '040000', type: 'tree', sha: missing }] }),
      () => `tree.sha ${missing} is not a valid tree`,
    ],
    [
      'a tree entry whose sha is a commit',
      () => ({ tree: [{ path: 'd', mode: '040000', type: 'tree', sha: main }] }),
      () => `tree.sha ${main} is not a valid tree`,
    ],
    [
      'a base_tree the repository does not hold',
      () => ({ base_tree: missing, tree: [{ path: 'x', mode: '100644', type: 'blob', content: 'x' }] }),
      () => 'base_tree is not a valid tree oid',
    ],
    [
      'a base_tree that is a blob',
      () => ({ base_tree: readme, tree: [{ path: 'x', mode: '100644', type: 'blob', content: 'x' }] }),
      () => 'base_tree is not a valid tree oid',
    ],
    [
      'an empty base_tree',
      () => ({ base_tree: '', tree: [{ path: 'x', mode: '100644', type: 'blob', content: 'x' }] }),
      () => 'base_tree is not a valid tree oid',
    ],
  ];

  // A submodule's commit need not be in the repository, but the null SHA is no object at all:
  // git's fsck refuses a tree naming it (nullSha1), so a clone with transfer.fsckObjects, or a
  // push of it to GitHub, would fail.
  it('a submodule entry whose sha is the null SHA: 422, and no tree git’s fsck refuses is written', async () => {
    const nullSha = '0'.repeat(40);
    const answer = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      base_tree: tree,
      tree: [{ path: 'vendor', mode: '160000', type: 'commit', sha: nullSha }],
    });
    expect(answer.status).to.equal(422);
    expect(answer.body.message).to.equal(`tree.sha ${nullSha} is not a valid SHA`);
    await git('fsck', '--strict', '--no-dangling');
  });

  // git's fsck (largePathname, since git 2.43) refuses a name over 4,096 bytes in a tree, so a
  // clone checking objects with a current git would fail on it.
  it('a name over 4,096 bytes: 422, as git’s fsck refuses it; one of 4,096 bytes is written', async () => {
    const tooLong = `${'é'.repeat(2048)}x`;
    const refused = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      tree: [{ path: `docs/${tooLong}`, mode: '100644', type: 'blob', content: 'x' }],
    });
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.equal(`tree.path ${JSON.stringify(`docs/${tooLong}`)} is not a valid path`);
    const longest = 'é'.repeat(2048);
    const written = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      tree: [{ path: `docs/${longest}`, mode: '100644', type: 'blob', content: 'x' }],
    });
    expect(written.status).to.equal(201);
    const put = await api(server, octocat, 'PUT', `/repos/octocat/hello/contents/${encodeURIComponent(tooLong)}`, {
      message: 'x',
      content: Buffer.from('x').toString('base64'),
    });
    expect(put.status).to.equal(422);
    await git('fsck', '--strict', '--no-dangling');
  });

  it('a blob or tree entry whose sha is the null SHA: 422, not a valid blob or tree', async () => {
    const nullSha = '0'.repeat(40);
    for (const [type, mode] of [
      ['blob', '100644'],
      ['tree', '040000'],
    ]) {
      const answer = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { tree: [{ path: 'x', mode, type, sha: nullSha }] });
      expect(answer.status).to.equal(422);
      expect(answer.body.message).to.equal(`tree.sha ${nullSha} is not a valid ${type}`);
    }
  });

  for (const [what, body, message] of cases) {
    it(`${what}: 422 in GitHub's words`, async () => {
      const answer = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', body());
      expect(answer.status).to.equal(422);
      expect(answer.body).to.deep.equal({ message: message(), documentation_url: answer.body.documentation_url, status: String(answer.status) });
      expect(answer.body.documentation_url).to.be.a('string');
    });
  }
});
