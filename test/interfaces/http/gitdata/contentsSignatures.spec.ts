import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// GitHub's contents writes default their people otherwise than git/commits does: the committer
// is the authenticated user unless given, and the author is the committer unless given (where
// git/commits makes the committer the author, and the author the authenticated user).
describe('Contents: who authors and who commits a file write', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  const content = Buffer.from('x\n').toString('base64');
  const people = async (sha: string) => (await bench.git('--git-dir', bench.bareOf(repositoryId), 'log', '-1', '--format=%an <%ae>|%cn <%ce>', sha)).split('|');

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const me = async () => {
    const sha = (await api(server, octocat, 'PUT', '/repos/octocat/hello/contents/mine.txt', { message: 'mine', content })).body.commit.sha as string;
    return (await people(sha))[0]!;
  };

  it('an author alone: written by the author, committed by the authenticated user', async () => {
    const put = await api(server, octocat, 'PUT', '/repos/octocat/hello/contents/a.txt', {
      message: 'a',
      content,
      author: { name: 'Ann', email: 'ann@example.com' },
    });
    expect(put.status).to.equal(201);
    const caller = await me();
    expect(await people(put.body.commit.sha)).to.deep.equal(['Ann <ann@example.com>', caller]);
    expect(put.body.commit.committer).to.deep.include({ name: caller.split(' <')[0] });
  });

  it('a committer alone: written and committed by the committer', async () => {
    const put = await api(server, octocat, 'PUT', '/repos/octocat/hello/contents/c.txt', {
      message: 'c',
      content,
      committer: { name: 'Cid', email: 'cid@example.com' },
    });
    expect(put.status).to.equal(201);
    expect(await people(put.body.commit.sha)).to.deep.equal(['Cid <cid@example.com>', 'Cid <cid@example.com>']);
    const sha = put.body.content.sha as string;
    const deleted = await api(server, octocat, 'DELETE', '/repos/octocat/hello/contents/c.txt', {
      message: 'd',
      sha,
      committer: { name: 'Dee', email: 'dee@example.com' },
    });
    expect(deleted.status).to.equal(200);
    expect(await people(deleted.body.commit.sha)).to.deep.equal(['Dee <dee@example.com>', 'Dee <dee@example.com>']);
  });

  it('git/commits keeps its own defaults: the committer is the author', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha as string;
    const tree = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha as string;
    const commit = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
      message: 'g',
      tree,
      author: { name: 'Ann', email: 'ann@example.com' },
    });
    expect(await people(commit.body.sha)).to.deep.equal(['Ann <ann@example.com>', 'Ann <ann@example.com>']);
  });
});
