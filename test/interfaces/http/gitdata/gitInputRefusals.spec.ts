import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Inputs git itself refuses (commit-tree, mktag, mktree exit non-zero) answer GitHub's 422
// with a sentence, never a 500, and leave nothing behind.
describe('Git Data: inputs git refuses', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let main: string;
  let tree: string;
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const objectCount = async () => (await git('count-objects', '-v')).split('\n').filter((line) => /^(count|in-pack):/.test(line));

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    main = await bench.tip(repositoryId, 'main');
    tree = await git('rev-parse', 'main^{tree}');
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const refusals: [string, string, () => Record<string, unknown>, string][] = [
    ['an author with an empty name', 'commits', () => ({ message: 'x', tree, author: { name: '', email: 'a@x' } }), 'author.name must not be empty'],
    [
      'a committer whose name git trims to nothing',
      'commits',
      () => ({ message: 'x', tree, committer: { name: ' .. ', email: 'a@x' } }),
      'committer.name must not be empty',
    ],
    ['a commit message holding a NUL byte', 'commits', () => ({ message: 'a\u0000b', tree }), 'message must not contain a NUL byte'],
    [
      'a tag named "bad tag name.."',
      'tags',
      () => ({ tag: 'bad tag name..', message: 'x', object: main, type: 'commit' }),
      '"bad tag name.." is not a valid tag name',
    ],
    ['a tag named "v1.lock"', 'tags', () => ({ tag: 'v1.lock', message: 'x', object: main, type: 'commit' }), '"v1.lock" is not a valid tag name'],
    // git refuses .lock at the end of any part of a name, not only the last.
    ['a tag named "v1.lock/x"', 'tags', () => ({ tag: 'v1.lock/x', message: 'x', object: main, type: 'commit' }), '"v1.lock/x" is not a valid tag name'],
    ['a ref named "refs/heads/a.lock/b"', 'refs', () => ({ ref: 'refs/heads/a.lock/b', sha: main }), 'refs/heads/a.lock/b is not a valid ref name.'],
    ['a ref named "refs/tags/v1.lock/x"', 'refs', () => ({ ref: 'refs/tags/v1.lock/x', sha: main }), 'refs/tags/v1.lock/x is not a valid ref name.'],
    [
      'a tagger with an empty name',
      'tags',
      () => ({ tag: 'v1', message: 'x', object: main, type: 'commit', tagger: { name: '', email: 't@x', date: '2020-01-02T03:04:05Z' } }),
      'tagger.name must not be empty',
    ],
    [
      'a submodule entry whose sha is no object name',
      'trees',
      () => ({ tree: [{ path: 'lib', mode: '160000', type: 'commit', sha: 'nope' }] }),
      'tree.sha nope is not a valid SHA',
    ],
    [
      'a tree path holding a NUL byte',
      'trees',
      () => ({ tree: [{ path: 'a\u0000b', mode: '100644', type: 'blob', content: 'x' }] }),
      'tree.path "a\\u0000b" is not a valid path',
    ],
  ];

  for (const [what, kind, body, message] of refusals) {
    it(`${what}: 422 "${message}"`, async () => {
      const before = await objectCount();
      const answer = await api(server, octocat, 'POST', `/repos/octocat/hello/git/${kind}`, body());
      expect(answer.status).to.equal(422);
      expect(answer.body).to.deep.equal({ message, documentation_url: answer.body.documentation_url });
      expect(answer.body.documentation_url).to.be.a('string');
      expect(await objectCount()).to.deep.equal(before);
    });
  }

  it('a caller whose profile name git would trim to nothing commits as their login', async () => {
    expect((await api(server, octocat, 'PATCH', '/user', { name: '.' })).status).to.equal(200);
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'x', tree, parents: [main] });
    expect(created.status).to.equal(201);
    expect(created.body.author).to.include({ name: 'octocat' });
    expect(await git('log', '-1', '--format=%an', created.body.sha)).to.equal('octocat');
    await git('fsck', '--strict');
  });
});
