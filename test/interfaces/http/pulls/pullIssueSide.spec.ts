import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { dumpCollections } from '../../../support/projectionSpec.js';
import { expectArrayOf, expectLatestSchema, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

const repo = { owner: 'mona', repo: 'docs' };

async function status(request: Promise<unknown>): Promise<number> {
  try {
    return ((await request) as { status: number }).status;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

const logins = (users: readonly { login: string }[]) => users.map((user) => user.login);
const names = (labels: readonly { name: string }[]) => labels.map((label) => label.name);

// On GitHub every pull request is an issue: its labels, assignees and milestone, and its title,
// body and state, are set through the issues API by the pull request's number (what octokit's
// issues.addLabels, issues.addAssignees and issues.update do on one), and shown on the pull
// request, on its issue, in the lists and in issue search.
describe('a pull request changed as an issue', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let owner: string;
  let triager: string;
  let reader: string;
  let stranger: string;
  let number: number;
  let merged: number;
  let milestone: number;

  const get = async (path: string) => (await api(server, owner, 'GET', `/repos/mona/docs${path}`)).body;
  const search = (query: string, holds: (body: { total_count: number; items: { number: number }[] }) => boolean) =>
    eventually(async () => (await api(server, owner, 'GET', `/search/issues?q=${encodeURIComponent(query)}`)).body, holds);

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    bench = await GitWorkbench.open(server);
    owner = await createUser(server, 'mona');
    triager = await createUser(server, 'tria');
    reader = await createUser(server, 'reader');
    stranger = await createUser(server, 'stranger');
    await createUser(server, 'pusher');
    const repositoryId = (await createRepository(server, owner, { name: 'docs', auto_init: true, private: true })).id;
    await addCollaborator(server, owner, 'mona/docs', 'tria', 'triage');
    await addCollaborator(server, owner, 'mona/docs', 'reader', 'pull');
    await addCollaborator(server, owner, 'mona/docs', 'pusher', 'push');
    await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'feature\n' });
    await bench.pushBranch(repositoryId, 'shipped', { 'shipped.txt': 'shipped\n' });
    number = (await api(server, owner, 'POST', '/repos/mona/docs/pulls', { title: 'Feature', head: 'feature', base: 'main' })).body.number;
    merged = (await api(server, owner, 'POST', '/repos/mona/docs/pulls', { title: 'Shipped', head: 'shipped', base: 'main' })).body.number;
    expect((await api(server, owner, 'PUT', `/repos/mona/docs/pulls/${merged}/merge`, {})).status).to.equal(200);
    milestone = (await api(server, owner, 'POST', '/repos/mona/docs/milestones', { title: 'v1' })).body.number;
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('labels: added (a new name made on the fly), replaced, removed one by one and cleared, by a triager', async () => {
    const octokit = basicOctokit(server, 'tria', PASSWORD);
    const added = await octokit.rest.issues.addLabels({ ...repo, issue_number: number, labels: ['bug', 'needs review'] });
    expect(added.status).to.equal(200);
    expectArrayOf('label', added.data);
    expect(names(added.data)).to.have.members(['bug', 'needs review']);
    expect((await get('/labels/needs%20review')).name).to.equal('needs review');

    const pull = await get(`/pulls/${number}`);
    expectSchema('pull-request', pull);
    expect(names(pull.labels)).to.have.members(['bug', 'needs review']);
    const issue = await get(`/issues/${number}`);
    expectLatestSchema('issue', issue);
    expect(issue.pull_request).to.be.an('object');
    expect(names(issue.labels)).to.have.members(['bug', 'needs review']);
    expect(names(await get(`/issues/${number}/labels`))).to.have.members(['bug', 'needs review']);
    const listed = await get('/issues?labels=bug');
    expect(listed.map((one: { number: number }) => one.number)).to.deep.equal([number]);
    const [simple] = (await get('/pulls')).filter((one: { number: number }) => one.number === number);
    // pull-request-simple's labels declare a description that is a string; GitHub's label (as
    // pull-request's labels) says null for none, as "needs review" has: each label checked as a label.
    expectSchema('pull-request-simple', { ...simple, labels: [] });
    expectArrayOf('label', simple.labels);
    expect(names(simple.labels)).to.have.members(['bug', 'needs review']);
    const found = await search('is:pr label:bug', (body) => body.total_count > 0);
    expect(found.items.map((item) => item.number)).to.deep.equal([number]);

    const set = await api(server, triager, 'PUT', `/repos/mona/docs/issues/${number}/labels`, { labels: ['enhancement'] });
    expect([set.status, names(set.body)]).to.deep.equal([200, ['enhancement']]);
    const removed = await api(server, triager, 'DELETE', `/repos/mona/docs/issues/${number}/labels/enhancement`);
    expect([removed.status, removed.body]).to.deep.equal([200, []]);
    expect((await api(server, triager, 'DELETE', `/repos/mona/docs/issues/${number}/labels/enhancement`)).status).to.equal(404);
    await api(server, triager, 'POST', `/repos/mona/docs/issues/${number}/labels`, { labels: ['bug'] });
    expect((await api(server, triager, 'DELETE', `/repos/mona/docs/issues/${number}/labels`)).status).to.equal(204);
    expect((await get(`/pulls/${number}`)).labels).to.deep.equal([]);
    await search('is:pr label:bug', (body) => body.total_count === 0);
  });

  it('assignees: added (only people with push access) and removed; the pull request shows assignee and assignees', async () => {
    const octokit = basicOctokit(server, 'tria', PASSWORD);
    const added = await octokit.rest.issues.addAssignees({ ...repo, issue_number: number, assignees: ['pusher', 'mona'] });
    expect(added.status).to.equal(201);
    expectLatestSchema('issue', added.data);
    expect(logins(added.data.assignees!)).to.deep.equal(['pusher', 'mona']);
    const pull = await get(`/pulls/${number}`);
    expectSchema('pull-request', pull);
    expect([pull.assignee.login, logins(pull.assignees)]).to.deep.equal(['pusher', ['pusher', 'mona']]);
    expect((await get('/issues?assignee=pusher')).map((one: { number: number }) => one.number)).to.deep.equal([number]);
    const found = await search('is:pr assignee:pusher', (body) => body.total_count > 0);
    expect(found.items.map((item) => item.number)).to.deep.equal([number]);
    expect(await status(octokit.rest.issues.addAssignees({ ...repo, issue_number: number, assignees: ['reader'] }))).to.equal(422);
    const removed = await api(server, triager, 'DELETE', `/repos/mona/docs/issues/${number}/assignees`, { assignees: ['mona'] });
    expect([removed.status, logins(removed.body.assignees)]).to.deep.equal([200, ['pusher']]);
    expect(logins((await get(`/pulls/${number}`)).assignees)).to.deep.equal(['pusher']);
  });

  it('PATCH: labels, assignees and milestone to the issue side, title, body and state to the pull request', async () => {
    const octokit = basicOctokit(server, 'mona', PASSWORD);
    const updated = await octokit.rest.issues.update({
      ...repo,
      issue_number: number,
      title: 'Feature, retitled',
      body: 'Through the issues API',
      labels: ['docs'],
      assignees: ['mona'],
      milestone,
    });
    expect(updated.status).to.equal(200);
    expectLatestSchema('issue', updated.data);
    expect(updated.data).to.deep.include({ title: 'Feature, retitled', body: 'Through the issues API', state: 'open' });
    expect(names(updated.data.labels as { name: string }[])).to.deep.equal(['docs']);
    expect(updated.data.milestone!.number).to.equal(milestone);
    const pull = await get(`/pulls/${number}`);
    expectSchema('pull-request', pull);
    expect(pull).to.deep.include({ title: 'Feature, retitled', body: 'Through the issues API', state: 'open' });
    expect([names(pull.labels), logins(pull.assignees), pull.milestone.number]).to.deep.equal([['docs'], ['mona'], milestone]);
    expect((await get(`/issues?milestone=${milestone}`)).map((one: { number: number }) => one.number)).to.deep.equal([number]);
    // A pull request counts in its milestone, as an issue does: open, then closed.
    expect((await get(`/milestones/${milestone}`)).open_issues).to.equal(1);
    const found = await search('is:pr milestone:v1', (body) => body.total_count > 0);
    expect(found.items.map((item) => item.number)).to.deep.equal([number]);

    const closed = await octokit.rest.issues.update({ ...repo, issue_number: number, state: 'closed' });
    expect(closed.data.state).to.equal('closed');
    expect((await get(`/pulls/${number}`)).state).to.equal('closed');
    expect(await get(`/milestones/${milestone}`)).to.deep.include({ open_issues: 0, closed_issues: 1 });
    const reopened = await octokit.rest.issues.update({ ...repo, issue_number: number, state: 'open' });
    expect([reopened.data.state, (await get(`/pulls/${number}`)).state]).to.deep.equal(['open', 'open']);
    expect(await get(`/milestones/${milestone}`)).to.deep.include({ open_issues: 1, closed_issues: 0 });
    const cleared = await api(server, owner, 'PATCH', `/repos/mona/docs/issues/${number}`, { milestone: null, assignees: [] });
    expect([cleared.status, cleared.body.milestone, cleared.body.assignees]).to.deep.equal([200, null, []]);
    expect((await get(`/pulls/${number}`)).milestone).to.equal(null);
  });

  it('a merged pull request is not reopened (422), nor changed when any field is refused', async () => {
    const reopened = await api(server, owner, 'PATCH', `/repos/mona/docs/issues/${merged}`, { state: 'open', labels: ['bug'] });
    expect(reopened.status).to.equal(422);
    expect(reopened.body.errors[0]).to.deep.include({ resource: 'PullRequest', field: 'state' });
    const pull = await get(`/pulls/${merged}`);
    expect([pull.state, pull.merged, pull.labels]).to.deep.equal(['closed', true, []]);
    const badAssignee = await api(server, owner, 'PATCH', `/repos/mona/docs/issues/${merged}`, { title: 'Renamed', assignees: ['stranger'] });
    expect(badAssignee.status).to.equal(422);
    expect((await get(`/pulls/${merged}`)).title).to.equal('Shipped');
    const labelled = await api(server, owner, 'PATCH', `/repos/mona/docs/issues/${merged}`, { title: 'Shipped, labelled', labels: ['bug'] });
    expect([labelled.status, labelled.body.title, names(labelled.body.labels)]).to.deep.equal([200, 'Shipped, labelled', ['bug']]);
  });

  it('404 for whoever may not read; 403 for a reader who may not triage; a triager may not retitle another’s pull request', async () => {
    const strangerOctokit = basicOctokit(server, 'stranger', PASSWORD);
    expect(await status(strangerOctokit.rest.issues.addLabels({ ...repo, issue_number: number, labels: ['bug'] }))).to.equal(404);
    expect((await api(server, stranger, 'PATCH', `/repos/mona/docs/issues/${number}`, { labels: ['bug'] })).status).to.equal(404);
    const readerOctokit = basicOctokit(server, 'reader', PASSWORD);
    expect(await status(readerOctokit.rest.issues.addLabels({ ...repo, issue_number: number, labels: ['bug'] }))).to.equal(403);
    expect(await status(readerOctokit.rest.issues.addAssignees({ ...repo, issue_number: number, assignees: ['mona'] }))).to.equal(403);
    expect((await api(server, reader, 'PATCH', `/repos/mona/docs/issues/${number}`, { labels: ['bug'] })).status).to.equal(403);
    expect((await api(server, triager, 'PATCH', `/repos/mona/docs/issues/${number}`, { title: 'Mine now' })).status).to.equal(403);
    expect((await get(`/pulls/${number}`)).title).to.equal('Feature, retitled');
    // GitHub's role table: triage closes and reopens all issues and pull requests; a reader may not.
    expect((await api(server, reader, 'PATCH', `/repos/mona/docs/issues/${number}`, { state: 'closed' })).status).to.equal(403);
    const closed = await api(server, triager, 'PATCH', `/repos/mona/docs/issues/${number}`, { state: 'closed' });
    expect(closed.status).to.equal(200);
    expect(closed.body.state).to.equal('closed');
    expect((await get(`/pulls/${number}`)).state).to.equal('closed');
    // As an issue, it names who closed it; reopened, nobody (a merged one: who merged it).
    expect((await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}`)).body.closed_by.login).to.equal('tria');
    expect((await api(server, owner, 'GET', `/repos/mona/docs/issues/${merged}`)).body.closed_by.login).to.equal('mona');
    const reopened = await api(server, triager, 'PATCH', `/repos/mona/docs/pulls/${number}`, { state: 'open' });
    expect(reopened.status).to.equal(200);
    expect((await get(`/pulls/${number}`)).state).to.equal('open');
    expect((await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}`)).body.closed_by).to.equal(null);
    expect((await api(server, triager, 'PATCH', `/repos/mona/docs/pulls/${number}`, { state: 'closed', title: 'Mine now' })).status).to.equal(403);
    expect(names((await get(`/pulls/${number}`)).labels)).to.deep.equal(['docs']);
  });

  it('with issues disabled, a pull request still takes labels, assignees and PATCH; issues answer 410', async () => {
    expect((await api(server, owner, 'PATCH', '/repos/mona/docs', { has_issues: false })).status).to.equal(200);
    const labelled = await api(server, triager, 'POST', `/repos/mona/docs/issues/${number}/labels`, { labels: ['question'] });
    expect([labelled.status, names(labelled.body)]).to.deep.equal([200, ['docs', 'question']]);
    const assigned = await api(server, triager, 'POST', `/repos/mona/docs/issues/${number}/assignees`, { assignees: ['pusher'] });
    expect(assigned.status).to.equal(201);
    const patched = await api(server, owner, 'PATCH', `/repos/mona/docs/issues/${number}`, { body: 'Issues are off' });
    expect([patched.status, patched.body.body]).to.deep.equal([200, 'Issues are off']);
    expect((await get(`/pulls/${number}`)).body).to.equal('Issues are off');
    expect((await api(server, owner, 'POST', '/repos/mona/docs/issues', { title: 'An issue' })).status).to.equal(410);
    expect((await api(server, owner, 'PATCH', '/repos/mona/docs', { has_issues: true })).status).to.equal(200);
  });

  it('a collaborator removed is unassigned from pull requests too (GitHub: "Unassigns the user from any issues")', async () => {
    await createUser(server, 'leaver');
    await addCollaborator(server, owner, 'mona/docs', 'leaver', 'push');
    const assigned = await api(server, owner, 'POST', `/repos/mona/docs/issues/${number}/assignees`, { assignees: ['leaver'] });
    expect(logins(assigned.body.assignees)).to.deep.equal(['pusher', 'leaver']);
    expect((await api(server, owner, 'DELETE', '/repos/mona/docs/collaborators/leaver')).status).to.equal(204);
    expect(logins((await get(`/pulls/${number}`)).assignees)).to.deep.equal(['pusher']);
    expect(await get('/issues?assignee=leaver')).to.deep.equal([]);
  });

  it('a pull request labelled "help wanted" counts in no repository\'s help-wanted issues, even as the label changes', async () => {
    await api(server, triager, 'POST', `/repos/mona/docs/issues/${number}/labels`, { labels: ['help wanted'] });
    expect((await api(server, owner, 'PATCH', '/repos/mona/docs/labels/help%20wanted', { color: '123456' })).status).to.equal(200);
    expect((await api(server, owner, 'POST', '/repos/mona/docs/issues', { title: 'Hands wanted', labels: ['help wanted'] })).status).to.equal(201);
    const atLeast = (count: number) => api(server, owner, 'GET', `/search/repositories?q=${encodeURIComponent(`user:mona help-wanted-issues:>=${count}`)}`);
    await eventually(
      async () => (await atLeast(1)).body,
      (body) => body.total_count === 1,
    );
    expect((await atLeast(2)).body.total_count).to.equal(0);
    await api(server, triager, 'DELETE', `/repos/mona/docs/issues/${number}/labels/help%20wanted`);
  });

  it('a rebuild of the issues and pull requests models from the log gives the same documents', async () => {
    const collections = ['issues', 'pull_requests', 'milestones', 'labels'];
    const dump = async () => {
      const all = await dumpCollections(server.runtime.adapters.readModels);
      return Object.fromEntries(collections.map((name) => [name, all[name]]));
    };
    const before = await dump();
    expect((before.issues as { label_ids: number[] }[]).some((issue) => issue.label_ids.length > 0)).to.equal(true);
    await server.runtime.runner.rebuild(['issues', 'pull-requests']);
    expect(await dump()).to.deep.equal(before);
    // And issue search, rebuilt from those models, finds the pull request by its issue side.
    const query = `/search/issues?q=${encodeURIComponent('is:pr label:question assignee:pusher')}`;
    const found = await search('is:pr label:question assignee:pusher', (body) => body.total_count > 0);
    expect(found.items.map((item) => item.number)).to.deep.equal([number]);
    await server.runtime.runner.rebuild(['search-issues']);
    expect((await api(server, owner, 'GET', query)).body).to.deep.equal(found);
  });
});
