import { expect } from 'chai';
import { expectArrayOf } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api as plainApi, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// `as_of` reads answer as the present-day reads do: a column's cards filtered by
// archived_state (not_archived by default), both lists paged with per_page, page and Link, and
// 410 where projects are switched off.
describe('classic projects: as_of reads filter, page and refuse as the present-day reads', () => {
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

  it('answers 410 as the present-day reads do while the organization’s projects are switched off', async () => {
    expect((await plainApi(server, boss, 'PATCH', '/orgs/acme', { has_organization_projects: false })).status).to.equal(200);
    try {
      for (const path of [`/projects/${projectId}`, `/projects/${projectId}/columns`, `/projects/columns/${columnId}/cards`]) {
        expect((await call('GET', path)).status, path).to.equal(410);
        const then = await call('GET', `${path}?as_of=${later()}`);
        expect(then.status, `${path}?as_of`).to.equal(410);
        expect(then.body.message).to.equal('Projects are disabled for this organization');
      }
    } finally {
      expect((await plainApi(server, boss, 'PATCH', '/orgs/acme', { has_organization_projects: true })).status).to.equal(200);
    }
  });
});
