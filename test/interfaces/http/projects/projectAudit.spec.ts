import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { expectSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api as plainApi, createUser } from '../repositories/repositoryFixtures.js';
import { INERTIA, projectCall } from './projectCalls.js';

// Every change of a project is an event with actor, origin, time, before and after: its
// history over HTTP and from the CLI, its state at each past instant, the organization's log.
describe('classic projects: the audit history, as_of, and the organization audit log', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-04-01T09:00:00Z'));
  let boss: string;
  let projectId: number;
  let todo: number;
  let done: number;
  let card: number;
  const instants: string[] = [];
  const call = (authorization: string | null, method: string, path: string, body?: unknown) =>
    projectCall(server, authorization, method, path, body, { 'user-agent': 'audit-spec/1.0' });
  // Each step one minute after the last, its instant kept.
  const step = async (method: string, path: string, body?: unknown, expected = [200, 201, 204]) => {
    clock.advance(60_000);
    instants.push(clock.now().toISOString());
    const answer = await call(boss, method, path, body);
    expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).to.be.oneOf(expected);
    return answer.body;
  };

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    boss = await createUser(server, 'boss');
    await createUser(server, 'helper');
    await createUser(server, 'member');
    expect((await plainApi(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await plainApi(server, boss, 'PUT', '/orgs/acme/memberships/member', { role: 'member' })).status).to.equal(200);
    projectId = (await step('POST', '/orgs/acme/projects', { name: 'Launch', body: 'Go live' })).id; // 0
    await step('PATCH', `/projects/${projectId}`, { name: 'Launch v2' }); // 1
    await step('PATCH', `/projects/${projectId}`, { state: 'closed' }); // 2
    await step('PATCH', `/projects/${projectId}`, { state: 'open' }); // 3
    todo = (await step('POST', `/projects/${projectId}/columns`, { name: 'To do' })).id; // 4
    done = (await step('POST', `/projects/${projectId}/columns`, { name: 'Done' })).id; // 5
    card = (await step('POST', `/projects/columns/${todo}/cards`, { note: 'Ship it' })).id; // 6
    await step('POST', `/projects/columns/cards/${card}/moves`, { position: 'top', column_id: done }); // 7
    await step('PUT', `/projects/${projectId}/collaborators/helper`, { permission: 'write' }); // 8
    await step('PATCH', `/projects/${projectId}`, { organization_permission: 'read' }); // 9
    await step('DELETE', `/projects/${projectId}/collaborators/helper`); // 10
    await step('DELETE', `/projects/${projectId}`); // 11
  });
  after(() => server.close());

  it('GET /projects/{id}/history: every change in GitHub’s audit-log shape, a deleted project’s too', async () => {
    const { status, body } = await call(boss, 'GET', `/projects/${projectId}/history`);
    expect(status).to.equal(200);
    expect(body.map((entry: any) => entry.action)).to.deep.equal([
      'project.create',
      'project.rename',
      'project.close',
      'project.open',
      'project_column.create',
      'project_column.create',
      'project_card.create',
      'project_card.move',
      'project.update_user_permission',
      'project.update_org_permission',
      'project.remove_user',
      'project.delete',
    ]);
    expect(body.map((entry: any) => new Date(entry['@timestamp']).toISOString())).to.deep.equal(instants);
    for (const entry of body) expect(entry).to.deep.include({ actor: 'boss', user_agent: 'audit-spec/1.0', actor_ip: '127.0.0.1', project_id: projectId });
    expect(body[1]).to.deep.include({ before: { name: 'Launch' }, after: { name: 'Launch v2' } });
    expect(body[7]).to.deep.include({ card_id: card, before: { column_id: todo }, after: { column_id: done, after_card_id: null } });
    expect(body[8]).to.deep.include({ user_id: body[8].user_id, before: { permission: null }, after: { permission: 'write' } });
    expect(body[9]).to.deep.include({ before: { organization_permission: 'write' }, after: { organization_permission: 'read' } });
    const member = await call(`Basic ${Buffer.from('member:a long enough password').toString('base64')}`, 'GET', `/projects/${projectId}/history`);
    expect(member.status).to.equal(404);
    expect((await call(server.adminAuthorization, 'GET', `/projects/${projectId}/history`)).status).to.equal(200);
  });

  it('GET /projects/{id}/history pages with per_page and Link: a page reads its events, not the stream', async () => {
    const response = await fetch(`${server.url}/projects/${projectId}/history?per_page=5&page=2`, { headers: { accept: INERTIA, authorization: boss } });
    expect(response.status).to.equal(200);
    const body = (await response.json()) as { action: string; _document_id: string }[];
    expect(body.map((entry) => entry.action)).to.deep.equal([
      'project_column.create',
      'project_card.create',
      'project_card.move',
      'project.update_user_permission',
      'project.update_org_permission',
    ]);
    expect(body.map((entry) => entry._document_id)).to.deep.equal([5, 6, 7, 8, 9].map((revision) => `project-${projectId}:${revision}`));
    const link = response.headers.get('link')!;
    expect(link).to.match(/[?&]page=1[^>]*>; rel="prev"/);
    expect(link).to.match(/[?&]page=3[^>]*>; rel="next"/);
    expect(link).to.match(/[?&]page=3[^>]*>; rel="last"/);
    const last = (await (
      await fetch(`${server.url}/projects/${projectId}/history?per_page=5&page=3`, { headers: { accept: INERTIA, authorization: boss } })
    ).json()) as {
      action: string;
    }[];
    expect(last.map((entry) => entry.action)).to.deep.equal(['project.remove_user', 'project.delete']);
  });

  it('as_of: the project, its columns and a column’s cards as they stood at each instant', async () => {
    const at = (index: number) => encodeURIComponent(instants[index]!);
    expect((await call(boss, 'GET', `/projects/${projectId}?as_of=2026-04-01T08:00:00Z`)).status).to.equal(404);
    const expected = [
      { name: 'Launch', state: 'open' },
      { name: 'Launch v2', state: 'open' },
      { name: 'Launch v2', state: 'closed' },
      { name: 'Launch v2', state: 'open' },
    ];
    for (const [index, state] of expected.entries()) {
      const then = await call(boss, 'GET', `/projects/${projectId}?as_of=${at(index)}`);
      expect(then.status).to.equal(200);
      expectSchema('project', then.body);
      expect(then.body).to.deep.include({ ...state, id: projectId, organization_permission: 'write' });
    }
    for (const index of [4, 5, 6, 7, 8]) expect((await call(boss, 'GET', `/projects/${projectId}?as_of=${at(index)}`)).body.name).to.equal('Launch v2');
    expect((await call(boss, 'GET', `/projects/${projectId}?as_of=${at(9)}`)).body.organization_permission).to.equal('read');
    expect((await call(boss, 'GET', `/projects/${projectId}?as_of=${at(10)}`)).body.organization_permission).to.equal('read');
    expect((await call(boss, 'GET', `/projects/${projectId}?as_of=${at(11)}`)).status).to.equal(404);
    expect((await call(boss, 'GET', `/projects/${projectId}/columns?as_of=${at(4)}`)).body.map((column: any) => column.name)).to.deep.equal(['To do']);
    expect((await call(boss, 'GET', `/projects/${projectId}/columns?as_of=${at(5)}`)).body.map((column: any) => column.name)).to.deep.equal(['To do', 'Done']);
    const cardsIn = async (column: number, index: number) =>
      (await call(boss, 'GET', `/projects/columns/${column}/cards?as_of=${at(index)}`)).body.map((listed: { note: string }) => listed.note);
    expect(await cardsIn(todo, 5)).to.deep.equal([]);
    expect(await cardsIn(todo, 6)).to.deep.equal(['Ship it']);
    expect(await cardsIn(done, 6)).to.deep.equal([]);
    expect(await cardsIn(todo, 7)).to.deep.equal([]);
    expect(await cardsIn(done, 7)).to.deep.equal(['Ship it']);
    const notADate = await call(boss, 'GET', `/projects/${projectId}?as_of=not-a-date`);
    expect(notADate.status).to.equal(422);
    expect(notADate.body.errors).to.deep.equal([
      { resource: 'Project', field: 'as_of', code: 'invalid', message: 'as_of must be one ISO 8601 instant, such as 2026-04-01T09:00:00Z' },
    ]);
    // What Date.parse reads but ISO 8601 names no instant by (2001-01-01, March 2nd, the server's zone).
    for (const value of ['1', '2026-02-30T10:00:00Z', '2026-04-01T10:00:00']) {
      for (const path of [`/projects/${projectId}`, `/projects/${projectId}/columns`, `/projects/columns/${todo}/cards`]) {
        const refused = await call(boss, 'GET', `${path}?as_of=${encodeURIComponent(value)}`);
        expect(refused.status, `${path} ${value}`).to.equal(422);
        expect(refused.body.errors[0].field).to.equal('as_of');
      }
    }
  });

  it('forgelog audit project <id> prints the same life from the log', async () => {
    const { code, stdout } = await runCli(['audit', 'project', String(projectId), '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; occurredAt: string; actor: { login: string }; ip: string; userAgent: string });
    expect(entries).to.have.length(12);
    expect(entries[0]!.type).to.equal('ProjectCreated');
    expect(entries[11]!.type).to.equal('ProjectDeleted');
    expect(entries.map((entry) => entry.occurredAt)).to.deep.equal(instants);
    expect(entries.every((entry) => entry.actor.login === 'boss' && entry.userAgent === 'audit-spec/1.0')).to.equal(true);
    expect((await runCli(['audit', 'project', '999999'], { FORGELOG_DATA_DIR: server.dataDir })).stderr).to.contain('no project has the id 999999');
  });

  it('forgelog audit project reads the id as GET /projects/{id}/history does: a leading zero names the same project', async () => {
    expect((await call(boss, 'GET', `/projects/0${projectId}/history?per_page=100`)).body).to.have.length(12);
    const { code, stdout, stderr } = await runCli(['audit', 'project', `0${projectId}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(stderr).to.equal('');
    expect(code).to.equal(0);
    expect(stdout.split('\n')[0]).to.equal(`stream project-${projectId}`);
  });

  it('GET /orgs/{org}/audit-log: the organization’s project changes for its owners, filtered by phrase', async () => {
    const all = await call(boss, 'GET', '/orgs/acme/audit-log?per_page=100');
    expect(all.status).to.equal(200);
    expect(all.body).to.have.length(12);
    expect(all.body[0]).to.deep.include({ action: 'project.delete', org: 'acme' });
    const updates = await call(boss, 'GET', `/orgs/acme/audit-log?phrase=${encodeURIComponent('action:project.update_org_permission actor:boss')}`);
    expect(updates.body.map((entry: any) => entry.action)).to.deep.equal(['project.update_org_permission']);
    const cards = await call(boss, 'GET', `/orgs/acme/audit-log?phrase=${encodeURIComponent('action:project_card')}`);
    expect(cards.body.map((entry: any) => entry.action)).to.deep.equal(['project_card.move', 'project_card.create']);
    const notProject = await call(boss, 'GET', `/orgs/acme/audit-log?phrase=${encodeURIComponent('-action:project')}`);
    expect(notProject.body.map((entry: any) => entry.action)).to.deep.equal([
      'project_card.move',
      'project_card.create',
      'project_column.create',
      'project_column.create',
    ]);
    expect((await call(boss, 'GET', '/orgs/acme/audit-log?phrase=actor:nobody')).body).to.deep.equal([]);
    const member = await call(`Basic ${Buffer.from('member:a long enough password').toString('base64')}`, 'GET', '/orgs/acme/audit-log');
    expect(member.status).to.equal(403);
  });

  it('GET /orgs/{org}/audit-log reads a kept log: the same entries as each project’s history, paged with Link, also after a rebuild', async () => {
    const history = (await call(boss, 'GET', `/projects/${projectId}/history`)).body as Record<string, unknown>[];
    const all = (await call(boss, 'GET', '/orgs/acme/audit-log?per_page=100')).body as Record<string, unknown>[];
    expect(all.map(({ org: _org, org_id: _orgId, ...entry }) => entry)).to.deep.equal([...history].reverse());
    expect(all.every((entry) => entry.org === 'acme' && typeof entry.org_id === 'number')).to.equal(true);
    // A page of five, and Link's last page from the kept count.
    const response = await fetch(`${server.url}/orgs/acme/audit-log?per_page=5&page=2`, { headers: { accept: INERTIA, authorization: boss } });
    expect(await response.json()).to.deep.equal(all.slice(5, 10));
    expect(response.headers.get('link')).to.match(/page=3&per_page=5>; rel="last"|per_page=5&page=3>; rel="last"/);
    // Free text looks through the whole entry; qualifiers and text combine.
    const shipIt = (await call(boss, 'GET', `/orgs/acme/audit-log?phrase=${encodeURIComponent('ship action:project_card')}`)).body;
    expect(shipIt.map((entry: any) => entry.action)).to.deep.equal(['project_card.create']);
    const byProject = (await call(boss, 'GET', `/orgs/acme/audit-log?phrase=${encodeURIComponent(`project_id:${projectId} -action:project_column`)}`)).body;
    expect(byProject).to.have.length(10);
    await server.runtime.runner.rebuild(['project-audit']);
    expect((await call(boss, 'GET', '/orgs/acme/audit-log?per_page=100')).body).to.deep.equal(all);
  });
  it('GET /orgs/{org}/audit-log order=asc lists oldest first, paged the same way (GitHub’s order, desc by default)', async () => {
    const newestFirst = (await call(boss, 'GET', '/orgs/acme/audit-log?per_page=100')).body as Record<string, unknown>[];
    const oldestFirst = await call(boss, 'GET', '/orgs/acme/audit-log?per_page=100&order=asc');
    expect(oldestFirst.status).to.equal(200);
    expect(oldestFirst.body).to.deep.equal([...newestFirst].reverse());
    expect((await call(boss, 'GET', '/orgs/acme/audit-log?per_page=5&page=2&order=asc')).body).to.deep.equal([...newestFirst].reverse().slice(5, 10));
    expect((await call(boss, 'GET', '/orgs/acme/audit-log?per_page=100&order=desc')).body).to.deep.equal(newestFirst);
    const cards = await call(boss, 'GET', `/orgs/acme/audit-log?order=asc&phrase=${encodeURIComponent('action:project_card')}`);
    expect(cards.body.map((entry: any) => entry.action)).to.deep.equal(['project_card.create', 'project_card.move']);
  });

  it('GET /orgs/{org}/audit-log phrase: created (a day, an instant, ranges), free text by whole words, negated words; 422 for a bad date', async () => {
    const history = (await call(boss, 'GET', `/projects/${projectId}/history`)).body as { action: string; '@timestamp': number }[];
    const newestFirst = [...history].reverse();
    const actions = async (phrase: string) => {
      const answer = await call(boss, 'GET', `/orgs/acme/audit-log?per_page=100&phrase=${encodeURIComponent(phrase)}`);
      expect(answer.status, phrase).to.equal(200);
      return (answer.body as { action: string }[]).map((entry) => entry.action);
    };
    const within = (from: number, to: number) =>
      newestFirst.filter((entry) => entry['@timestamp'] >= from && entry['@timestamp'] < to).map((entry) => entry.action);
    const at = (instant: string) => Date.parse(instant);
    expect(await actions('created:2026-04-01')).to.deep.equal(newestFirst.map((entry) => entry.action));
    expect(await actions('created:2026-03-31')).to.deep.equal([]);
    expect(await actions('created:<2026-04-01T09:05:00Z')).to.deep.equal(within(0, at('2026-04-01T09:05:00Z')));
    expect(await actions('created:<2026-04-01T09:05:00Z')).to.have.length(4);
    // Both ends of a..b are in (an instant's bound is its millisecond).
    expect(await actions('created:2026-04-01T09:03:00Z..2026-04-01T09:06:00Z')).to.deep.equal(
      within(at('2026-04-01T09:03:00Z'), at('2026-04-01T09:06:00Z') + 1),
    );
    expect(await actions('created:>2026-04-01T09:10:00Z')).to.deep.equal(within(at('2026-04-01T09:10:00Z') + 1, Infinity));
    expect(await actions('created:>=2026-04-02')).to.deep.equal([]);
    expect(await actions('-created:2026-04-01')).to.deep.equal([]);
    expect(await actions('created:<2026-04-01T09:05:00Z -action:project.rename')).to.deep.equal(
      within(0, at('2026-04-01T09:05:00Z')).filter((action) => action !== 'project.rename'),
    );
    // Whole words of the entries' values: the card's note, a collaborator's login.
    expect(await actions('ship')).to.deep.equal(['project_card.create']);
    expect(await actions('Ship IT')).to.deep.equal(['project_card.create']);
    expect(await actions('shi')).to.deep.equal([]);
    expect(await actions('-ship')).to.deep.equal(newestFirst.map((entry) => entry.action).filter((action) => action !== 'project_card.create'));
    expect(await actions('helper')).to.deep.equal(
      ['project.remove_member', 'project.add_member'].filter((action) => newestFirst.some((entry) => entry.action === action)),
    );
    const paged = await fetch(`${server.url}/orgs/acme/audit-log?per_page=2&page=1&phrase=${encodeURIComponent('created:2026-04-01 -ship')}`, {
      headers: { accept: INERTIA, authorization: boss },
    });
    expect(decodeURIComponent(paged.headers.get('link') ?? '')).to.match(/[?&]page=6[^>]*>; rel="last"/);
    const bad = await call(boss, 'GET', `/orgs/acme/audit-log?phrase=${encodeURIComponent('created:yesterday')}`);
    expect(bad.status).to.equal(422);
    expect(bad.body.message).to.contain('created:yesterday');
    expect(bad.body.errors).to.deep.equal([{ resource: 'AuditLog', field: 'phrase', code: 'invalid' }]);
  });
});
