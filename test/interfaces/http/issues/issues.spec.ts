import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { expectLatestArrayOf, expectLatestSchema, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

describe('HTTP issues: open, read, list, update, lock (fetch)', () => {
  let server: TestServer;
  let owner: string;
  let pusher: string;
  let reader: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
    pusher = await createUser(server, 'pusher');
    reader = await createUser(server, 'reader');
    stranger = await createUser(server, 'stranger');
    await createRepository(server, owner, { name: 'hello' });
    await createRepository(server, owner, { name: 'secret', private: true });
    await addCollaborator(server, owner, 'octocat/hello', 'pusher', 'push');
    await addCollaborator(server, owner, 'octocat/secret', 'reader', 'pull');
  });
  after(async () => server.close());

  it('POST /repos/{owner}/{repo}/issues opens issue 1 with labels, assignees and a Location', async () => {
    const created = await api(server, owner, 'POST', '/repos/octocat/hello/issues', {
      title: 'Found a bug',
      body: 'It crashes',
      labels: ['bug', 'brand new'],
      assignees: ['pusher'],
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expectLatestSchema('issue', created.body);
    expect(created.body).to.include({
      number: 1,
      title: 'Found a bug',
      body: 'It crashes',
      state: 'open',
      state_reason: null,
      locked: false,
      comments: 0,
      author_association: 'OWNER',
    });
    expect(created.body.user.login).to.equal('octocat');
    expect(created.body.labels.map((label: { name: string }) => label.name)).to.deep.equal(['bug', 'brand new']);
    expect(created.body.labels[0]).to.include({ color: 'd73a4a', default: true });
    expect(created.body.labels[1]).to.include({ color: 'ededed', default: false });
    expect(created.body.assignee.login).to.equal('pusher');
    expect(created.body.url).to.equal(`${server.url}/repos/octocat/hello/issues/1`);
    expect(created.headers.get('location')).to.equal(created.body.url);
    expect(created.body.reactions).to.include({ total_count: 0, '+1': 0, url: `${server.url}/repos/octocat/hello/issues/1/reactions` });
    const read = await api(server, null, 'GET', '/repos/octocat/hello/issues/1');
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.equal(created.body);
  });

  it('lets any signed-in reader open an issue but drops what only triagers may set', async () => {
    const created = await api(server, stranger, 'POST', '/repos/octocat/hello/issues', {
      title: 'A question',
      labels: ['question'],
      assignees: ['pusher'],
      milestone: null,
    });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ number: 2, author_association: 'NONE' });
    expect(created.body.labels).to.deep.equal([]);
    expect(created.body.assignees).to.deep.equal([]);
    expect((await api(server, null, 'POST', '/repos/octocat/hello/issues', { title: 'anonymous' })).status).to.equal(401);
  });

  it("hides a private repository's issues (404) and lets its pull collaborator open one", async () => {
    for (const caller of [null, stranger]) {
      expect((await api(server, caller, 'GET', '/repos/octocat/secret/issues')).status).to.equal(404);
      expect((await api(server, caller, 'POST', '/repos/octocat/secret/issues', { title: 'x' })).status).to.equal(404);
    }
    const created = await api(server, reader, 'POST', '/repos/octocat/secret/issues', { title: 'From a reader' });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ number: 1, author_association: 'COLLABORATOR' });
  });

  it('answers bad input with 422 items and an unknown issue with 404, never a 500', async () => {
    const cases: [unknown, unknown][] = [
      [{}, [{ resource: 'Issue', field: 'title', code: 'missing_field' }]],
      [{ title: 42 }, [{ resource: 'Issue', field: 'title', code: 'invalid' }]],
      [{ title: 'ok', labels: 'bug' }, [{ resource: 'Issue', field: 'labels', code: 'invalid' }]],
      [{ title: 'a'.repeat(257) }, [{ resource: 'Issue', field: 'title', code: 'invalid', message: 'title is too long (maximum is 256 characters)' }]],
      [{ title: '  ' }, [{ resource: 'Issue', field: 'title', code: 'missing_field', message: "title can't be blank" }]],
      [{ title: 'ok', assignees: ['stranger'] }, [{ resource: 'Issue', field: 'assignees', code: 'invalid', message: 'stranger is not a valid assignee' }]],
      [{ title: 'ok', milestone: 99 }, [{ resource: 'Issue', field: 'milestone', code: 'invalid' }]],
    ];
    for (const [body, errors] of cases) {
      const refused = await api(server, owner, 'POST', '/repos/octocat/hello/issues', body);
      expect(refused.status, JSON.stringify(body)).to.equal(422);
      expectSchema('validation-error', refused.body);
      expect(refused.body.errors, JSON.stringify(body)).to.deep.equal(errors);
    }
    expect((await api(server, owner, 'POST', '/repos/octocat/hello/issues', '{"title": ')).status).to.equal(400);
    // Refused input drew no number: the next issue is 3.
    expect((await api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: 'Third' })).body.number).to.equal(3);
    for (const path of ['/repos/octocat/hello/issues/999', '/repos/octocat/hello/issues/abc', '/repos/octocat/nope/issues/1']) {
      const missing = await api(server, owner, 'GET', path);
      expect(missing.status, path).to.equal(404);
      expect(missing.body.message).to.equal('Not Found');
    }
    expect((await api(server, owner, 'PATCH', '/repos/octocat/hello/issues/999', { title: 'x' })).status).to.equal(404);
    expect((await api(server, owner, 'PATCH', '/repos/octocat/hello/issues/1', { state: 'shut' })).body.errors).to.deep.equal([
      { resource: 'Issue', field: 'state', code: 'invalid' },
    ]);
  });

  it('PATCH closes and reopens with state_reason; the author may, a stranger may not (403)', async () => {
    const closed = await api(server, owner, 'PATCH', '/repos/octocat/hello/issues/2', { state: 'closed', state_reason: 'not_planned' });
    expect(closed.status).to.equal(200);
    expectLatestSchema('issue', closed.body);
    expect(closed.body).to.include({ state: 'closed', state_reason: 'not_planned' });
    expect(closed.body.closed_by.login).to.equal('octocat');
    expect(closed.body.closed_at).to.match(/Z$/);
    const reopened = await api(server, stranger, 'PATCH', '/repos/octocat/hello/issues/2', { state: 'open', title: 'A better question', labels: ['bug'] });
    expect(reopened.status).to.equal(200);
    expect(reopened.body).to.include({ state: 'open', state_reason: 'reopened', title: 'A better question', closed_at: null });
    expect(reopened.body.labels).to.deep.equal([]);
    const refused = await api(server, reader, 'PATCH', '/repos/octocat/hello/issues/1', { title: 'mine now' });
    expect(refused.status).to.equal(403);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/issues/1')).body.title).to.equal('Found a bug');
    const relabelled = await api(server, pusher, 'PATCH', '/repos/octocat/hello/issues/1', { labels: ['enhancement'], assignees: [] });
    expect(relabelled.body.labels.map((label: { name: string }) => label.name)).to.deep.equal(['enhancement']);
    expect(relabelled.body.assignee).to.equal(null);
  });

  it('lists with state, labels, creator, sort and direction, paginated with Link', async () => {
    const all = await api(server, null, 'GET', '/repos/octocat/hello/issues?state=all');
    expectLatestArrayOf('issue', all.body);
    expect(all.body.map((issue: { number: number }) => issue.number)).to.deep.equal([3, 2, 1]);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/issues?direction=asc')).body.map((issue: { number: number }) => issue.number)).to.deep.equal([
      1, 2, 3,
    ]);
    expect(
      (await api(server, null, 'GET', '/repos/octocat/hello/issues?labels=Enhancement')).body.map((issue: { number: number }) => issue.number),
    ).to.deep.equal([1]);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/issues?labels=enhancement,bug')).body).to.deep.equal([]);
    expect(
      (await api(server, null, 'GET', '/repos/octocat/hello/issues?creator=stranger')).body.map((issue: { number: number }) => issue.number),
    ).to.deep.equal([2]);
    const paged = await api(server, null, 'GET', '/repos/octocat/hello/issues?per_page=2');
    expect(paged.body).to.have.length(2);
    expect(paged.headers.get('link')).to.contain('rel="next"').and.to.contain('page=2');
  });

  it('PUT/DELETE lock: triagers only; a locked issue refuses comments from others', async () => {
    expect((await api(server, stranger, 'PUT', '/repos/octocat/hello/issues/1/lock', { lock_reason: 'too heated' })).status).to.equal(403);
    expect((await api(server, pusher, 'PUT', '/repos/octocat/hello/issues/1/lock', { lock_reason: 'sideways' })).status).to.equal(422);
    const locked = await api(server, pusher, 'PUT', '/repos/octocat/hello/issues/1/lock', { lock_reason: 'too heated' });
    expect(locked.status).to.equal(204);
    expect(locked.body).to.equal(null);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/issues/1')).body).to.include({ locked: true, active_lock_reason: 'too heated' });
    const refused = await api(server, stranger, 'POST', '/repos/octocat/hello/issues/1/comments', { body: 'me too' });
    expect(refused.status).to.equal(403);
    expect((await api(server, pusher, 'POST', '/repos/octocat/hello/issues/1/comments', { body: 'calm down' })).status).to.equal(201);
    expect((await api(server, pusher, 'DELETE', '/repos/octocat/hello/issues/1/lock')).status).to.equal(204);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/issues/1')).body).to.include({ locked: false, active_lock_reason: null, comments: 1 });
  });

  it('answers 410 on the issues of a repository with issues disabled, and 403 on an archived one', async () => {
    await createRepository(server, owner, { name: 'no-issues', has_issues: false });
    const gone = await api(server, owner, 'GET', '/repos/octocat/no-issues/issues');
    expect(gone.status).to.equal(410);
    expect(gone.body.message).to.equal('Issues are disabled for this repo');
    expect((await api(server, owner, 'POST', '/repos/octocat/no-issues/issues', { title: 'x' })).status).to.equal(410);
    expect((await api(server, owner, 'GET', '/repos/octocat/no-issues/labels')).status).to.equal(200);
    await createRepository(server, owner, { name: 'old' });
    expect((await api(server, owner, 'PATCH', '/repos/octocat/old', { archived: true })).status).to.equal(200);
    const archived = await api(server, owner, 'POST', '/repos/octocat/old/issues', { title: 'x' });
    expect(archived.status).to.equal(403);
    expect(archived.body.message).to.equal('Repository was archived so is read-only.');
  });

  it('records every change in the issue stream, shown by `forgelog audit stream`', async () => {
    const issue = (await api(server, null, 'GET', '/repos/octocat/hello/issues/3')).body;
    await api(server, owner, 'PATCH', '/repos/octocat/hello/issues/3', { state: 'closed' });
    await server.stop();
    const audit = await runCli(['audit', 'stream', `issue-${issue.id}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(audit.code, audit.stderr).to.equal(0);
    expect(audit.stdout).to.match(/#0 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}IssueOpened {2}by octocat \(id \d+\)/);
    expect(audit.stdout).to.match(/#1 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}IssueClosed {2}by octocat \(id \d+\)/);
    expect(audit.stdout).to.contain('"stateReason":"completed"');
  });
});
