import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createUser } from '../repositories/repositoryFixtures.js';

function sample(metrics: string, name: string): number {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  if (!line) throw new Error(`no sample ${name} in /metrics`);
  return Number(line.slice(name.length + 1));
}

describe('/metrics: the log, the projections and the process managers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it("shows the log's head and group commits, each projection's position and lag, and each process manager's backlog", async () => {
    await createUser(server, 'ada');
    // The reservations just made are confirmed by their holders within a second or so.
    let metrics = await (await fetch(`${server.url}/metrics`)).text();
    for (const deadline = Date.now() + 10_000; sample(metrics, 'forgelog_process_backlog{process="orphan-reservations"}') > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      metrics = await (await fetch(`${server.url}/metrics`)).text();
    }
    // Their completions are events too: once those are applied, the log is quiet.
    const head = await server.runtime.adapters.eventStore.headPosition();
    expect(await server.runtime.runner.waitForAll(head, 10_000)).to.equal(true);
    expect(await server.runtime.processes.settled(head, 10_000)).to.equal(true);
    metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(sample(metrics, 'forgelog_event_store_head_position')).to.equal(head);
    const appends = sample(metrics, 'forgelog_event_store_appends_total');
    expect(appends).to.be.greaterThan(0);
    expect(sample(metrics, 'forgelog_event_store_appended_events_total')).to.be.at.least(appends);
    const batches = sample(metrics, 'forgelog_event_store_fsync_batches_total');
    expect(batches).to.be.greaterThan(0).and.at.most(appends);
    expect(sample(metrics, 'forgelog_projection_position{projection="users",lane="read-your-writes"}')).to.equal(head);
    expect(sample(metrics, 'forgelog_projection_lag_events{projection="users",lane="read-your-writes"}')).to.equal(0);
    expect(sample(metrics, 'forgelog_projection_resubscriptions{lane="read-your-writes"}')).to.equal(0);
    expect(sample(metrics, 'forgelog_process_backlog{process="orphan-reservations"}')).to.equal(0);
    expect(sample(metrics, 'forgelog_process_backlog{process="pull-request-consequences"}')).to.equal(0);
    expect(metrics).to.match(/^forgelog_process_steps_completed\{process="orphan-reservations"\} \d+$/m);
  });
});
