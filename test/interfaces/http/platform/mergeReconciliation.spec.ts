import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { EventStore } from '../../../../application/shared/ports/eventStore.port.js';
import { processStream } from '../../../../application/shared/processes/processEvents.js';
import { PULL_REQUEST_CONSEQUENCES } from '../../../../application/pulls/pullRequests.process.js';
import { FaultyEventStore } from '../../../support/faultyEventStore.js';
import { newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const FAST_PROCESSES = { FORGELOG_PROCESS_TICK_MS: '10' };

async function typesOf(eventStore: EventStore, stream: string): Promise<string[]> {
  return (await eventStore.readStream(stream)).map((event) => event.type);
}

// A merge is a fact once the log records it; git's base branch is made to agree after.
describe('pull request merges: the fact first, git made to agree, reconciled after a crash', () => {
  let server: TestServer | undefined;
  let bench: GitWorkbench | undefined;
  afterEach(async () => {
    await bench?.dispose();
    await server?.close();
  });

  it('a crash right after PullRequestMerged is appended: after the restart the base branch holds the merge commit and git agrees', async () => {
    const dataDir = await newDataDir();
    let faulty!: FaultyEventStore;
    const crashed = await startTestServer({}, dataDir, { decorateEventStore: (store) => (faulty = new FaultyEventStore(store)) });
    const octocat = await createUser(crashed, 'octocat');
    const repositoryId = (await createRepository(crashed, octocat, { name: 'hello', auto_init: true })).id as number;
    bench = await GitWorkbench.open(crashed);
    const featureSha = await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'merged\n' });
    const mainSha = await bench.tip(repositoryId, 'main');
    const opened = await api(crashed, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'Feature', head: 'feature', base: 'main' });
    expect(opened.status).to.equal(201);
    faulty.crashAfter(/^pull-request-\d+$/, 'PullRequestMerged');
    expect((await api(crashed, octocat, 'PUT', '/repos/octocat/hello/pulls/1/merge', {})).status).to.equal(500);
    // The fact is in the log; git has not moved.
    const merged = (await crashed.runtime.adapters.eventStore.readStream(`pull-request-${opened.body.id}`)).find(
      (event) => event.type === 'PullRequestMerged',
    )!;
    const mergeCommitSha = (merged.data as { mergeCommitSha: string }).mergeCommitSha;
    expect(await bench.tip(repositoryId, 'main')).to.equal(mainSha);
    await crashed.stop();

    server = await startTestServer(FAST_PROCESSES, dataDir);
    const eventStore = server.runtime.adapters.eventStore;
    expect(await server.runtime.processes.settled(await eventStore.headPosition(), 10_000)).to.equal(true);
    expect(await bench.tip(repositoryId, 'main')).to.equal(mergeCommitSha);
    expect((await bench.git('--git-dir', bench.bareOf(repositoryId), 'log', '-1', '--format=%P', 'main')).split(' ')).to.deep.equal([mainSha, featureSha]);
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'fsck', '--strict');
    const clone = await mkdtemp(join(tmpdir(), 'forgelog-merge-clone-'));
    await bench.git('clone', '--quiet', bench.bareOf(repositoryId), clone);
    expect(await readFile(join(clone, 'feature.txt'), 'utf8')).to.equal('merged\n');
    await rm(clone, { recursive: true, force: true });
    const pull = await api(server, octocat, 'GET', '/repos/octocat/hello/pulls/1');
    expect(pull.body).to.deep.include({ state: 'closed', merged: true, merge_commit_sha: mergeCommitSha });
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/pulls/1/merge')).status).to.equal(204);
    // The pair the crash left reserved was released too, so the branch can be proposed again.
    expect(await typesOf(eventStore, `pull-request-pair-${repositoryId}:main..${repositoryId}:feature`)).to.deep.equal([
      'PullRequestPairReserved',
      'PullRequestPairReleased',
    ]);
    const state = await server.runtime.processes.stateOf(PULL_REQUEST_CONSEQUENCES, merged.id);
    expect(state).to.deep.include({ status: 'completed', completedSteps: ['move-base-branch', 'release-stale-pairs'] });
    expect(await typesOf(eventStore, processStream(PULL_REQUEST_CONSEQUENCES, merged.id))).to.deep.equal(['ProcessStepCompleted', 'ProcessStepCompleted']);
  });

  it('two merges onto one base at once: the branch tip claimed in the log lets one through, the other is told the base was modified', async () => {
    server = await startTestServer();
    const octocat = await createUser(server, 'octocat');
    const repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id as number;
    bench = await GitWorkbench.open(server);
    await bench.pushBranch(repositoryId, 'left', { 'left.txt': 'left\n' });
    await bench.pushBranch(repositoryId, 'right', { 'right.txt': 'right\n' });
    for (const head of ['left', 'right'])
      expect((await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: head, head, base: 'main' })).status).to.equal(201);
    const answers = await Promise.all([1, 2].map((number) => api(server!, octocat, 'PUT', `/repos/octocat/hello/pulls/${number}/merge`, {})));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).to.deep.equal([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.message).to.equal('Base branch was modified. Review and try the merge again.');
    expect(await bench.tip(repositoryId, 'main')).to.equal(winner.body.sha);
    const claims = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/main`);
    expect(claims.map((claim) => (claim.data as { to: string }).to)).to.deep.equal([winner.body.sha]);
    // The other merges once it is tried again, on the new tip.
    const retried = await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${answers.indexOf(loser) + 1}/merge`, {});
    expect(retried.status).to.equal(200);
    expect(await bench.tip(repositoryId, 'main')).to.equal(retried.body.sha);
  });
});
