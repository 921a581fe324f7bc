import { expect } from 'chai';
import type { EventStore, ReadStreamOptions, StoredEvent } from '../../../../application/shared/ports/eventStore.port.js';
import { TIMELINE_CHECKPOINT_EVERY } from '../../../../application/shared/audit/streamTimeline.js';
import { projectStream } from '../../../../domain/projects/project.events.js';
import { projectTimelineFold } from '../../../../infrastructure/projects/projectTimeline.js';
import { DelegatingEventStore } from '../../../support/delegatingEventStore.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

const T0 = new Date('2026-06-01T08:00:00.000Z');
const MOVES = 1_200;

// Counts the events of one stream each read hands back: what an as_of costs.
class StreamReadCounter extends DelegatingEventStore {
  watched = '';
  read = 0;
  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const events = await this.inner.readStream(streamId, options);
    if (streamId === this.watched) this.read += events.length;
    return events;
  }
}

// A busy board's past: as_of folds the checkpoint before the instant forward, so it reads a
// block of the board's log, not all of it, and answers what folding the whole log would.
describe('classic projects: as_of on a long board', function () {
  this.timeout(120_000);
  let server: TestServer;
  let octocat: string;
  let counter: StreamReadCounter;
  let projectId: number;
  let columns: number[];
  const clock = new ManualClock(T0);
  const call = (method: string, path: string, body?: unknown) => projectCall(server, octocat, method, path, body);
  const instants: Date[] = [];

  before(async () => {
    server = await startTestServer({}, undefined, { clock, decorateEventStore: (inner: EventStore) => (counter = new StreamReadCounter(inner)) });
    octocat = await createUser(server, 'octocat');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
    projectId = (await call('POST', '/orgs/acme/projects', { name: 'Busy' })).body.id;
    columns = [];
    for (const name of ['To do', 'Doing', 'Done']) columns.push((await call('POST', `/projects/${projectId}/columns`, { name })).body.id);
    const cards: number[] = [];
    for (const note of ['a', 'b', 'c', 'd']) cards.push((await call('POST', `/projects/columns/${columns[0]}/cards`, { note })).body.id);
    for (let move = 0; move < MOVES; move += 1) {
      clock.advance(1_000);
      const answer = await call('POST', `/projects/columns/cards/${cards[move % 4]}/moves`, {
        position: move % 3 === 0 ? 'top' : 'bottom',
        column_id: columns[move % 3],
      });
      expect(answer.status, `move ${move}`).to.equal(201);
      if (move % 97 === 0) instants.push(clock.now());
    }
    counter.watched = projectStream(projectId);
    expect(await server.runtime.runner.waitForAll(await server.runtime.adapters.eventStore.headPosition(), 20_000)).to.equal(true);
  });
  after(() => server.close());

  // The cards of each column as folding the board's whole log up to the instant places them.
  async function expectedColumns(instant: Date): Promise<number[][]> {
    const events = (await server.runtime.adapters.eventStore.readStream(projectStream(projectId))).filter(
      (event) => Date.parse(event.metadata.occurredAt) <= instant.getTime(),
    );
    const board = await projectTimelineFold.fold(null, events);
    return board!.columns.map((column) => [...column.card_ids]);
  }

  it('answers each column’s cards as the whole log folded to the instant does, reading at most a block of it', async () => {
    const checkpoints = await server.runtime.adapters.readModels.collection('project_timeline_checkpoints').find({ stream: projectStream(projectId) });
    expect(checkpoints.length).to.equal(Math.floor((MOVES + 8) / TIMELINE_CHECKPOINT_EVERY));
    for (const instant of instants) {
      const expected = await expectedColumns(instant);
      counter.read = 0;
      const answered: number[][] = [];
      for (const columnId of columns) {
        const page = await call('GET', `/projects/columns/${columnId}/cards?per_page=100&as_of=${encodeURIComponent(instant.toISOString())}`);
        expect(page.status).to.equal(200);
        answered.push(page.body.map((card: { id: number }) => card.id));
      }
      expect(answered, instant.toISOString()).to.deep.equal(expected);
      expect(counter.read, `events read for ${instant.toISOString()}`).to.be.at.most(3 * TIMELINE_CHECKPOINT_EVERY);
    }
  });

  it('the project itself as_of a late instant reads a block, not the board’s 1,208 events', async () => {
    counter.read = 0;
    const then = await call('GET', `/projects/${projectId}?as_of=${encodeURIComponent(clock.now().toISOString())}`);
    expect(then.status).to.equal(200);
    expect(then.body.name).to.equal('Busy');
    expect(counter.read).to.be.at.most(TIMELINE_CHECKPOINT_EVERY);
  });
});
