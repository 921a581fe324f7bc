import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

// A closed pull request shows the head it had when it was closed, as GitHub's does: pushed
// after it was opened, that is not the head it was opened with; pushed after the close, the
// branch moves on without it.
describe('HTTP pulls: a closed pull request keeps the head it was closed at', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('closed after a push: that head and its numbers; a later push changes neither; reopened: the tip', async () => {
    const first = await bench.pushBranch(repositoryId, 'feature', { 'a.txt': 'a\n' });
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'Feature', head: 'feature', base: 'main' })).status).to.equal(201);
    const second = await bench.pushBranch(repositoryId, 'feature', { 'b.txt': 'b\n' }, 'feature');
    expect(second).to.not.equal(first);
    const closed = await api(server, octocat, 'PATCH', '/repos/octocat/hello/pulls/1', { state: 'closed' });
    expect(closed.status).to.equal(200);
    expect(closed.body.head.sha).to.equal(second);
    expect(closed.body).to.deep.include({ state: 'closed', commits: 2, additions: 2, changed_files: 2 });

    const third = await bench.pushBranch(repositoryId, 'feature', { 'c.txt': 'c\n' }, 'feature');
    const read = await api(server, octocat, 'GET', '/repos/octocat/hello/pulls/1');
    expect(read.body.head.sha).to.equal(second);
    expect(read.body).to.deep.include({ commits: 2, additions: 2, changed_files: 2 });
    const listed = await api(server, octocat, 'GET', '/repos/octocat/hello/pulls?state=closed');
    expect(listed.body[0].head.sha).to.equal(second);

    const reopened = await api(server, octocat, 'PATCH', '/repos/octocat/hello/pulls/1', { state: 'open' });
    expect(reopened.body.head.sha).to.equal(third);
    expect(reopened.body).to.deep.include({ state: 'open', commits: 3 });
  });

  it('closed through the issues API: the same', async () => {
    await bench.pushBranch(repositoryId, 'other', { 'o.txt': 'o\n' });
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'Other', head: 'other', base: 'main' })).status).to.equal(201);
    const second = await bench.pushBranch(repositoryId, 'other', { 'p.txt': 'p\n' }, 'other');
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/hello/issues/2', { state: 'closed' })).status).to.equal(200);
    await bench.pushBranch(repositoryId, 'other', { 'q.txt': 'q\n' }, 'other');
    const read = await api(server, octocat, 'GET', '/repos/octocat/hello/pulls/2');
    expect(read.body).to.deep.include({ state: 'closed', commits: 2 });
    expect(read.body.head.sha).to.equal(second);
  });
});
