import { expect } from 'chai';
import { labelNameStream } from '../../../../domain/issues/labelNameReservation.decider.js';
import type { ReadStreamOptions, StoredEvent } from '../../../../application/shared/ports/eventStore.port.js';
import { GatedEventStore } from '../../../support/gatedEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';

// Holds LabelCreated at its gate until someone reads a label's own stream (`label-<id>`, not a
// name's `label-name-...`) while `onLabelRead` is set: the spec can stop the first request
// between reserving a name and creating its label, and let it go on only once the second
// request looks for that label.
class LabelGate extends GatedEventStore {
  onLabelRead: (() => void) | null = null;

  override readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    if (this.onLabelRead !== null && /^label-\d+$/.test(streamId)) this.onLabelRead();
    return super.readStream(streamId, options);
  }
}

// An issue naming a label the repository lacks creates it, as GitHub does; two requests
// naming the same new label at once both open their issue, on one label.
describe('HTTP issues: a new label named by several requests at once', () => {
  let server: TestServer;
  let gate: LabelGate;
  let owner: string;
  let repositoryId: number;
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (store) => (gate = new LabelGate(store)) });
    owner = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, owner, { name: 'hello' })).id;
  });
  after(async () => server.close());

  const labelsNamed = async (name: string) =>
    ((await api(server, owner, 'GET', '/repos/octocat/hello/labels?per_page=100')).body as { name: string }[]).filter((label) => label.name === name);

  it('opens the second issue on the label the first is still creating (not 422 already_exists)', async () => {
    gate.hold(['LabelCreated']);
    const first = api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: 'first', labels: ['triage-me'] });
    // The first request has reserved the name and waits at the gate with its LabelCreated.
    await eventually(
      async () => (await server.runtime.adapters.eventStore.readStream(labelNameStream(repositoryId, 'triage-me'))).length,
      (count) => count === 1,
      5_000,
    );
    gate.onLabelRead = () => {
      gate.onLabelRead = null;
      gate.release('LabelCreated');
    };
    const second = await api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: 'second', labels: ['triage-me'] });
    gate.onLabelRead = null;
    gate.releaseAll();
    const opened = await first;
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    expect(second.status, JSON.stringify(second.body)).to.equal(201);
    expect(second.body.labels.map((label: { id: number; name: string }) => [label.id, label.name])).to.deep.equal([[opened.body.labels[0].id, 'triage-me']]);
    expect(await labelsNamed('triage-me')).to.have.length(1);
  });

  it('opens all of ten issues sent at once naming one new label, each with that one label', async () => {
    const opened = await Promise.all(
      Array.from({ length: 10 }, (_, n) => api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: `at once ${n}`, labels: ['needs-repro'] })),
    );
    expect(
      opened.map((response) => response.status),
      JSON.stringify(opened.find((response) => response.status !== 201)?.body),
    ).to.deep.equal(Array(10).fill(201));
    const [label] = await labelsNamed('needs-repro');
    expect(label).to.include({ name: 'needs-repro', color: 'ededed' });
    expect(await labelsNamed('needs-repro')).to.have.length(1);
    for (const response of opened) expect(response.body.labels.map((each: { id: number }) => each.id)).to.deep.equal([(label as unknown as { id: number }).id]);
    const numbers = opened.map((response) => response.body.number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).to.equal(10);
    const listed = await api(server, owner, 'GET', '/repos/octocat/hello/issues?labels=needs-repro&per_page=100');
    expect(listed.body.map((issue: { number: number }) => issue.number).sort((a: number, b: number) => a - b)).to.deep.equal(numbers);
  });

  it('renames one label five ways at once: one rename answers 200, the others 404, and every name it does not carry is free', async () => {
    expect((await api(server, owner, 'POST', '/repos/octocat/hello/labels', { name: 'old', color: '00ff00' })).status).to.equal(201);
    const renames = await Promise.all(
      Array.from({ length: 5 }, (_, n) => api(server, owner, 'PATCH', '/repos/octocat/hello/labels/old', { new_name: `new-${n}` })),
    );
    const statuses = renames.map((response) => response.status);
    expect([...statuses].sort(), JSON.stringify(renames.map((response) => response.body))).to.deep.equal([200, 404, 404, 404, 404]);
    const winner = renames.find((response) => response.status === 200)!.body;
    for (const refused of renames.filter((response) => response.status === 404)) expect(refused.body.message).to.equal('Label does not exist');
    expect((await api(server, owner, 'GET', `/repos/octocat/hello/labels/${winner.name}`)).body).to.include({ id: winner.id, color: '00ff00' });
    for (const name of ['old', 'new-0', 'new-1', 'new-2', 'new-3', 'new-4'].filter((each) => each !== winner.name)) {
      const created = await api(server, owner, 'POST', '/repos/octocat/hello/labels', { name, color: '000000' });
      expect(created.status, `${name}: ${JSON.stringify(created.body)}`).to.equal(201);
    }
  });

  it('deletes and renames one label at once: whichever comes first, both names are free after', async () => {
    expect((await api(server, owner, 'POST', '/repos/octocat/hello/labels', { name: 'doomed', color: '00ff00' })).status).to.equal(201);
    const [deleted, renamed] = await Promise.all([
      api(server, owner, 'DELETE', '/repos/octocat/hello/labels/doomed'),
      api(server, owner, 'PATCH', '/repos/octocat/hello/labels/doomed', { new_name: 'saved' }),
    ]);
    expect(`${deleted.status} ${renamed.status}`).to.be.oneOf(['204 404', '404 200']);
    expect(await labelsNamed('doomed')).to.deep.equal([]);
    const saved = await labelsNamed('saved');
    if (renamed.status === 200) {
      expect(saved).to.have.length(1);
      expect((await api(server, owner, 'DELETE', '/repos/octocat/hello/labels/saved')).status).to.equal(204);
    } else expect(saved).to.deep.equal([]);
    for (const name of ['doomed', 'saved'])
      expect((await api(server, owner, 'POST', '/repos/octocat/hello/labels', { name, color: '000000' })).status, name).to.equal(201);
  });
});
