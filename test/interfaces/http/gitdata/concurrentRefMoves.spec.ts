import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Moves of one ref sent at once take turns in the process: twenty forced updates all land (15
// of 20 answered 409 after their retries ran out), and git, the log and the API agree on the last.
describe('Git Data: one ref moved by many requests at once', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  const commits: string[] = [];

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    const main = await bench.tip(repositoryId, 'main');
    const tree = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha as string;
    for (let n = 0; n < 20; n++) {
      const made = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: `side ${n}\n`, tree, parents: [main] });
      commits.push(made.body.sha as string);
    }
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/racy', sha: main })).status).to.equal(201);
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('twenty forced updates at once all answer 200, each with its own commit; the ref ends at one of them everywhere', async () => {
    const moved = await Promise.all(commits.map((sha) => api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/racy', { sha, force: true })));
    expect(moved.map((answer) => answer.status)).to.deep.equal(commits.map(() => 200));
    expect(moved.map((answer) => answer.body.object.sha)).to.deep.equal(commits);
    const moves = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/racy`);
    const last = (moves[moves.length - 1]!.data as { to: string }).to;
    expect(moves).to.have.length(21);
    expect(commits).to.include(last);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/racy')).body.object.sha).to.equal(last);
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'rev-parse', 'refs/heads/racy')).to.equal(last);
  });
});
