import { expect } from 'chai';
import { projectDecider } from '../../../../domain/projects/project.decider.js';
import { projectStream, type ProjectEvent } from '../../../../domain/projects/project.events.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// The project's stream orders every move: whatever the interleaving, each card is in exactly
// one column once, and the board equals what replaying the events gives.
describe('classic projects: concurrent moves keep one total order', () => {
  let server: TestServer;
  let octocat: string;
  const call = (method: string, path: string, body?: unknown) => projectCall(server, octocat, method, path, body);

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
  });
  after(() => server.close());

  it('20 clients moving cards and columns at random', async () => {
    const project = (await call('POST', '/user/projects', { name: 'Busy board' })).body;
    const columns: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) columns.push((await call('POST', `/projects/${project.id}/columns`, { name })).body.id);
    const cards: number[] = [];
    for (let n = 0; n < 24; n++) cards.push((await call('POST', `/projects/columns/${columns[n % 4]}/cards`, { note: `card ${n}` })).body.id);
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let move = 0; move < 10; move++) {
          const choice = random(10);
          if (choice === 0) {
            const position = ['first', 'last', `after:${columns[random(4)]}`][random(3)];
            statuses.push((await call('POST', `/projects/columns/${columns[random(4)]}/moves`, { position })).status);
          } else {
            const position = ['top', 'bottom', `after:${cards[random(cards.length)]}`][random(3)];
            statuses.push(
              (await call('POST', `/projects/columns/cards/${cards[random(cards.length)]}/moves`, { position, column_id: columns[random(4)] })).status,
            );
          }
        }
      }),
    );
    // Moves are accepted (201), or refused for a position that no longer holds (a card after
    // itself, after a card now elsewhere: 422). Commands on one board take turns in a process:
    // none is told to try again (409).
    expect(
      statuses.every((status) => [201, 422].includes(status)),
      JSON.stringify(statuses),
    ).to.equal(true);
    expect(statuses.filter((status) => status === 201).length).to.be.above(120);

    const board = new Map<number, number[]>();
    const listedColumns = (await call('GET', `/projects/${project.id}/columns`)).body.map((column: { id: number }) => column.id);
    for (const column of listedColumns) {
      board.set(
        column,
        (await call('GET', `/projects/columns/${column}/cards?archived_state=all&per_page=100`)).body.map((card: { id: number }) => card.id),
      );
    }
    const everyCard = [...board.values()].flat();
    expect([...everyCard].sort((a, b) => a - b)).to.deep.equal([...cards].sort((a, b) => a - b));

    const events = await server.runtime.adapters.eventStore.readStream(projectStream(project.id));
    const replayed = events
      .map((stored) => ({ type: stored.type, data: stored.data }) as ProjectEvent)
      .reduce(projectDecider.evolve, projectDecider.initialState());
    expect(listedColumns).to.deep.equal(replayed.columns);
    for (const column of replayed.columns) expect(board.get(column), `column ${column}`).to.deep.equal(replayed.cards.get(column));
  });

  it('a full rebuild reproduces every project read model exactly', async () => {
    const store = server.runtime.adapters.readModels;
    const names = ['projects', 'project_columns', 'project_cards', 'project_collaborators', 'project_owners', 'project_column_homes'];
    const strip = (documents: Record<string, unknown>[]) => documents.map(({ _position: _ignored, ...rest }) => rest);
    const before = [];
    for (const name of names) before.push(strip(await store.collection(name).find({}, { sort: { _id: 1 } })));
    await server.runtime.runner.rebuild(['projects']);
    for (const [index, name] of names.entries()) expect(strip(await store.collection(name).find({}, { sort: { _id: 1 } })), name).to.deep.equal(before[index]);
    expect(before[0]!.length).to.be.above(0);
  });
});
