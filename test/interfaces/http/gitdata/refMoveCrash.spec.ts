import { expect } from 'chai';
import type { EventStore } from '../../../../application/shared/ports/eventStore.port.js';
import { REF_MOVES } from '../../../../application/gitdata/refMoves.process.js';
import { FaultyEventStore } from '../../../support/faultyEventStore.js';
import { newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

describe('a ref update cut short between its event and git', () => {
  let server: TestServer | undefined;
  let bench: GitWorkbench | undefined;
  afterEach(async () => {
    await bench?.dispose();
    await server?.close();
  });

  it('the process dies right after RefUpdated is appended: after the restart git holds the recorded value', async () => {
    const dataDir = await newDataDir();
    let faulty!: FaultyEventStore;
    const crashed = await startTestServer({}, dataDir, { decorateEventStore: (store: EventStore) => (faulty = new FaultyEventStore(store)) });
    const octocat = await createUser(crashed, 'octocat');
    const repositoryId = (await createRepository(crashed, octocat, { name: 'hello', auto_init: true })).id as number;
    bench = await GitWorkbench.open(crashed);
    const main = await bench.tip(repositoryId, 'main');
    const tree = (await api(crashed, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha;
    const next = (await api(crashed, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'next', tree, parents: [main] })).body.sha as string;
    faulty.crashAfter(/^git-ref-/);
    expect((await api(crashed, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/main', { sha: next })).status).to.equal(500);
    expect(await bench.tip(repositoryId, 'main')).to.equal(main);
    const [moved] = await crashed.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/main`);
    expect(moved!.data).to.deep.include({ from: main, to: next });
    await crashed.stop();

    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' }, dataDir);
    expect(await server.runtime.processes.settled(await server.runtime.adapters.eventStore.headPosition(), 10_000)).to.equal(true);
    expect(await bench.tip(repositoryId, 'main')).to.equal(next);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha).to.equal(next);
    expect(await server.runtime.processes.stateOf(REF_MOVES, moved!.id)).to.deep.include({ status: 'completed', completedSteps: ['move-git-ref'] });
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'fsck', '--strict');
  });
});
