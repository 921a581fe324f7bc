import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const inertia = { headers: { accept: 'application/vnd.github.inertia-preview+json' } };
type State = 'archived' | 'not_archived' | 'all';

// A column's cards by archived state, paged: columns keep which of their cards are archived
// through archiving, restoring, moving and deleting, and after a restart that replays the log.
describe('HTTP column cards by archived state, paged', () => {
  let server: TestServer;
  let octokit: Octokit;
  let owner: string;
  let columns: { a: number; b: number };
  // The expected board: each column's cards top to bottom, and which are archived.
  const board = new Map<number, number[]>();
  const archived = new Set<number>();

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
    await createRepository(server, owner, { name: 'board' });
    octokit = basicOctokit(server, 'octocat', PASSWORD);
    const project = await octokit.projects.createForRepo({ owner: 'octocat', repo: 'board', name: 'Roadmap', ...inertia });
    const a = (await octokit.projects.createColumn({ project_id: project.data.id, name: 'A', ...inertia })).data.id;
    const b = (await octokit.projects.createColumn({ project_id: project.data.id, name: 'B', ...inertia })).data.id;
    columns = { a, b };
    board.set(a, []).set(b, []);
    for (let n = 0; n < 7; n++) {
      const card = await octokit.projects.createCard({ column_id: a, note: `card ${n}`, ...inertia });
      board.get(a)!.unshift(card.data.id); // a new card goes on top
    }
  });
  after(() => server.close());

  async function expectColumn(column: number, state: State): Promise<void> {
    const wanted = board.get(column)!.filter((id) => state === 'all' || archived.has(id) === (state === 'archived'));
    const seen: number[] = [];
    for (let page = 1; page <= Math.max(1, Math.ceil(wanted.length / 2)); page++) {
      const listed = await fetch(`${server.url}/projects/columns/${column}/cards?archived_state=${state}&per_page=2&page=${page}`, {
        headers: { authorization: owner, ...inertia.headers },
      });
      expect(listed.status).to.equal(200);
      const body = (await listed.json()) as { id: number; archived: boolean; column_url: string }[];
      expectArrayOf('project-card', body);
      for (const card of body) {
        expect(card.archived).to.equal(archived.has(card.id));
        expect(card.column_url).to.equal(`${server.url}/projects/columns/${column}`);
        seen.push(card.id);
      }
      const link = listed.headers.get('link') ?? '';
      if (page * 2 < wanted.length) expect(link, `${state} page ${page}`).to.include(`page=${Math.ceil(wanted.length / 2)}>; rel="last"`);
      else expect(link).to.not.include('rel="next"');
    }
    expect(seen, `column ${column} ${state}`).to.deep.equal(wanted);
  }

  async function expectBoard(): Promise<void> {
    for (const column of [columns.a, columns.b]) for (const state of ['archived', 'not_archived', 'all'] as const) await expectColumn(column, state);
  }

  async function setArchived(card: number, value: boolean): Promise<void> {
    const updated = await octokit.projects.updateCard({ card_id: card, archived: value, ...inertia });
    expect(updated.data.archived).to.equal(value);
    if (value) archived.add(card);
    else archived.delete(card);
  }

  it('archiving and restoring cards changes the pages of each state', async () => {
    const [first, second, third, , fifth] = board.get(columns.a)!;
    for (const card of [first!, third!, fifth!, second!]) await setArchived(card, true);
    await setArchived(second!, false);
    await expectBoard();
  });

  it('an archived card moved to another column is archived there, and gone from the first', async () => {
    const moving = board.get(columns.a)![2]!;
    expect(archived.has(moving)).to.equal(true);
    await octokit.projects.moveCard({ card_id: moving, position: 'top', column_id: columns.b, ...inertia });
    board.set(
      columns.a,
      board.get(columns.a)!.filter((id) => id !== moving),
    );
    board.get(columns.b)!.unshift(moving);
    // An archived card moved within its column stays archived.
    const staying = board.get(columns.a)![0]!;
    await octokit.projects.moveCard({ card_id: staying, position: 'bottom', ...inertia });
    board.set(columns.a, [...board.get(columns.a)!.slice(1), staying]);
    await expectBoard();
  });

  it('a deleted archived card leaves the archived page', async () => {
    const deleted = board.get(columns.a)!.find((id) => archived.has(id))!;
    expect((await octokit.projects.deleteCard({ card_id: deleted, ...inertia })).status).to.equal(204);
    board.set(
      columns.a,
      board.get(columns.a)!.filter((id) => id !== deleted),
    );
    archived.delete(deleted);
    await expectBoard();
  });

  it('the same pages after a restart that rebuilds the models from the log', async () => {
    const dataDir = server.dataDir;
    await server.stop();
    // No snapshot: every projection replays from the first event.
    await rm(join(dataDir, 'snapshots'), { recursive: true, force: true });
    server = await startTestServer({}, dataDir);
    octokit = basicOctokit(server, 'octocat', PASSWORD);
    await expectBoard();
  });
});
