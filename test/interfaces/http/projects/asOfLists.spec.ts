import { expect } from 'chai';
import { expectArrayOf } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api as plainApi, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// `as_of` lists answer as the present-day lists do: a column's cards filtered by
// archived_state (not_archived by default), and both lists paged with per_page, page and Link.
describe('classic projects: as_of lists filter and page as the present-day lists', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-05-01T09:00:00Z'));
  let boss: string;
  let projectId: number;
  let columnId: number;
  const notes = ['one', 'two', 'three', 'four'];
  const call = (method: string, path: string, body?: unknown) => projectCall(server, boss, method, path, body);
  const later = () => encodeURIComponent(new Date(clock.now().getTime() + 60_000).toISOString());

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    boss = await createUser(server, 'boss');
    expect((await plainApi(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    projectId = (await call('POST', '/orgs/acme/projects', { name: 'Board' })).body.id;
    columnId = (await call('POST', `/projects/${projectId}/columns`, { name: 'To do' })).body.id;
    for (const name of ['Doing', 'Done']) expect((await call('POST', `/projects/${projectId}/columns`, { name })).status).to.equal(201);
    const ids: Record<string, number> = {};
    for (const note of notes) ids[note] = (await call('POST', `/projects/columns/${columnId}/cards`, { note })).body.id;
    expect((await call('PATCH', `/projects/columns/cards/${ids.two}`, { archived: true })).status).to.equal(200);
    clock.advance(60_000);
  });
  after(() => server.close());

  const notesOf = (body: { note: string }[]) => body.map((card) => card.note);

  it('a column’s cards as_of leave archived cards out by default, as the present-day list does', async () => {
    const now = await call('GET', `/projects/columns/${columnId}/cards`);
    const then = await call('GET', `/projects/columns/${columnId}/cards?as_of=${later()}`);
    expect(then.status).to.equal(200);
    expectArrayOf('project-card', then.body);
    expect(notesOf(then.body)).to.deep.equal(['four', 'three', 'one']);
    expect(notesOf(then.body)).to.deep.equal(notesOf(now.body));
    expect(notesOf((await call('GET', `/projects/columns/${columnId}/cards?archived_state=archived&as_of=${later()}`)).body)).to.deep.equal(['two']);
    expect(notesOf((await call('GET', `/projects/columns/${columnId}/cards?archived_state=all&as_of=${later()}`)).body)).to.deep.equal([
      'four',
      'three',
      'two',
      'one',
    ]);
    const refused = await call('GET', `/projects/columns/${columnId}/cards?archived_state=bogus&as_of=${later()}`);
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.deep.equal([{ resource: 'ProjectCard', field: 'archived_state', code: 'invalid' }]);
  });

  it('a column’s cards and a project’s columns as_of page with per_page, page and Link', async () => {
    const cards = await call('GET', `/projects/columns/${columnId}/cards?archived_state=all&per_page=3&page=2&as_of=${later()}`);
    expect(notesOf(cards.body)).to.deep.equal(['one']);
    expect(cards.headers.get('link')).to.match(/[?&]page=1[^>]*>; rel="prev"/);
    const columns = await call('GET', `/projects/${projectId}/columns?per_page=2&as_of=${later()}`);
    expect(columns.body.map((column: { name: string }) => column.name)).to.deep.equal(['To do', 'Doing']);
    expect(columns.headers.get('link')).to.match(/[?&]page=2[^>]*>; rel="next"/);
    const second = await call('GET', `/projects/${projectId}/columns?per_page=2&page=2&as_of=${later()}`);
    expect(second.body.map((column: { name: string }) => column.name)).to.deep.equal(['Done']);
  });
});
