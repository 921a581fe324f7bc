import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Refs the refs API may not change, whatever the caller's access: the default branch cannot
// be deleted (GitHub answers 422), and a pull request's refs are its own, as a push may not
// move them either. Each refusal records nothing and leaves git as it was.
describe('Git Data: the default branch and pull request refs through the refs API', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let main: string;
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const moves = async (ref: string) => (await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:${ref}`)).map((event) => event.type);

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    main = await bench.tip(repositoryId, 'main');
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('DELETE git/refs/heads/<default branch>: 422, nothing recorded, the branch still there in git and through the API', async () => {
    const before = await moves('refs/heads/main');
    const deleted = await api(server, octocat, 'DELETE', '/repos/octocat/hello/git/refs/heads/main');
    expect(deleted.status).to.equal(422);
    expect(deleted.body.message).to.equal('refs/heads/main is the default branch and cannot be deleted');
    expect(await moves('refs/heads/main')).to.deep.equal(before);
    expect(await git('rev-parse', 'refs/heads/main')).to.equal(main);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha).to.equal(main);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/contents/README.md')).status).to.equal(200);
    // Any other branch is deleted as before.
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/other', sha: main })).status).to.equal(201);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/hello/git/refs/heads/other')).status).to.equal(204);
    expect(await git('for-each-ref', '--format=%(refname)', 'refs/heads')).to.equal('refs/heads/main');
  });

  it("a pull request's refs/pull/<n>/head and /merge cannot be created, moved or deleted: 422, git and the log unchanged", async () => {
    const head = await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'feature\n' });
    const opened = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'Feature', head: 'feature', base: 'main' });
    expect(opened.status).to.equal(201);
    const number = opened.body.number as number;
    expect(await git('rev-parse', `refs/pull/${number}/head`)).to.equal(head);

    const refusals = [
      await api(server, octocat, 'PATCH', `/repos/octocat/hello/git/refs/pull/${number}/head`, { sha: main, force: true }),
      await api(server, octocat, 'DELETE', `/repos/octocat/hello/git/refs/pull/${number}/head`),
      await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: `refs/pull/${number + 1}/head`, sha: main }),
      await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: `refs/pull/${number}/merge/x`, sha: main }),
    ];
    expect(refusals.map((answer) => answer.status)).to.deep.equal([422, 422, 422, 422]);
    expect(refusals[0]!.body.message).to.equal(`refs/pull/${number}/head belongs to a pull request and cannot be changed through the API`);
    expect(await git('rev-parse', `refs/pull/${number}/head`)).to.equal(head);
    expect(await git('for-each-ref', '--format=%(refname)', `refs/pull/${number + 1}`)).to.equal('');
    expect(await moves(`refs/pull/${number}/head`)).to.deep.equal([]);
    expect(await moves(`refs/pull/${number + 1}/head`)).to.deep.equal([]);
    // Still read as GitHub reads them.
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/ref/pull/${number}/head`)).body.object.sha).to.equal(head);
    await git('fsck', '--strict');
  });
});
