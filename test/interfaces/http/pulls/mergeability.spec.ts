import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

describe('pull request mergeability: a background test merge', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;

  // Viewing asks for the test merge; the answer settles once the process manager ran it.
  async function settledPull(number: number): Promise<{ mergeable: boolean | null; mergeable_state: string }> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pull = await api(server, octocat, 'GET', `/repos/octocat/hello/pulls/${number}`);
      if (pull.body.mergeable !== null || Date.now() > deadline) return pull.body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('is null at first, then true with refs/pull/<n>/merge for a clean merge, false for a conflicting one', async () => {
    await bench.pushBranch(repositoryId, 'clean', { 'new.txt': 'new\n' });
    await bench.pushBranch(repositoryId, 'conflict', { 'README.md': 'theirs\n' });
    await bench.pushBranch(repositoryId, 'main-change', { 'README.md': 'ours\n' });
    // main moves to a commit touching README.md too.
    const mainChange = await bench.tip(repositoryId, 'main-change');
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'update-ref', 'refs/heads/main', mainChange);
    const clean = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'Clean', head: 'clean', base: 'main' });
    expect(clean.status).to.equal(201);
    expect(clean.body).to.include({ mergeable: null, mergeable_state: 'unknown' });
    const conflicting = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'Conflict', head: 'conflict', base: 'main' });
    expect(conflicting.status).to.equal(201);
    expect(await settledPull(clean.body.number)).to.include({ mergeable: true, mergeable_state: 'clean' });
    expect(await settledPull(conflicting.body.number)).to.include({ mergeable: false, mergeable_state: 'dirty' });
    const mergeRef = await bench.git('--git-dir', bench.bareOf(repositoryId), 'rev-parse', `refs/pull/${clean.body.number}/merge`);
    expect((await bench.git('--git-dir', bench.bareOf(repositoryId), 'log', '-1', '--format=%P', mergeRef)).split(' ')).to.deep.equal([
      mainChange,
      await bench.tip(repositoryId, 'clean'),
    ]);
  });

  it('a push to the head makes the result stale: null again until the new test merge finishes', async () => {
    const pulls = (await api(server, octocat, 'GET', '/repos/octocat/hello/pulls?head=octocat:clean')).body as { number: number }[];
    const number = pulls[0]!.number;
    expect(await settledPull(number)).to.include({ mergeable: true });
    await bench.pushBranch(repositoryId, 'clean', { 'more.txt': 'more\n' }, 'clean');
    const stale = await api(server, octocat, 'GET', `/repos/octocat/hello/pulls/${number}`);
    expect(stale.body).to.include({ mergeable: null, mergeable_state: 'unknown' });
    expect(await settledPull(number)).to.include({ mergeable: true, mergeable_state: 'clean' });
    const tip = await bench.tip(repositoryId, 'clean');
    const mergeRef = await bench.git('--git-dir', bench.bareOf(repositoryId), 'rev-parse', `refs/pull/${number}/merge`);
    expect((await bench.git('--git-dir', bench.bareOf(repositoryId), 'log', '-1', '--format=%P', mergeRef)).split(' ')[1]).to.equal(tip);
  });

  it('pull requests are listed among the issues with a pull_request object, and taken by issue commands', async () => {
    const listed = (await api(server, octocat, 'GET', '/repos/octocat/hello/issues?state=all')).body as {
      number: number;
      pull_request?: { url: string; merged_at: string | null };
    }[];
    const pulls = (await api(server, octocat, 'GET', '/repos/octocat/hello/pulls?state=all')).body as { number: number; url: string }[];
    expect(
      listed
        .filter((issue) => issue.pull_request)
        .map((issue) => issue.number)
        .sort(),
    ).to.deep.equal(pulls.map((pull) => pull.number).sort());
    const first = listed.find((issue) => issue.pull_request)!;
    expect(first.pull_request).to.deep.include({ url: pulls.find((pull) => pull.number === first.number)!.url, merged_at: null });
    const shown = await api(server, octocat, 'GET', `/repos/octocat/hello/issues/${first.number}`);
    expect(shown.status).to.equal(200);
    expect(shown.body.pull_request.url).to.equal(first.pull_request!.url);
    // Its labels, assignees, milestone and PATCH (pullIssueSide.spec.ts) and its conversation
    // (pullConversation.spec.ts) are taken.
    expect((await api(server, octocat, 'POST', `/repos/octocat/hello/issues/${first.number}/labels`, { labels: ['bug'] })).status).to.equal(200);
    expect((await api(server, octocat, 'POST', `/repos/octocat/hello/issues/${first.number}/comments`, { body: 'x' })).status).to.equal(201);
    // Closing the pull request closes its issue form.
    expect((await api(server, octocat, 'PATCH', `/repos/octocat/hello/pulls/${first.number}`, { state: 'closed' })).status).to.equal(200);
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/issues/${first.number}`)).body.state).to.equal('closed');
  });
});
