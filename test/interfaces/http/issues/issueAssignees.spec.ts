import { expect } from 'chai';
import { issueStream } from '../../../../domain/issues/issue.events.js';
import type { Octokit } from '@octokit/rest';
import { anonymousOctokit, basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectLatestSchema } from '../../../support/schemas.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const repo = { owner: 'octocat', repo: 'assigned' };

async function status(request: Promise<unknown>): Promise<number> {
  try {
    return ((await request) as { status: number }).status;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

// GitHub's assignee routes through @octokit/rest: add and remove an issue's assignees (the
// issue answered), and whether a user can be assigned.
describe('HTTP issue assignees: addAssignees, removeAssignees, checkUserCanBeAssigned', () => {
  let server: TestServer;
  let owner: Octokit;
  let stranger: Octokit;
  before(async () => {
    server = await startTestServer();
    const octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'assigned' });
    await createUser(server, 'pusher');
    await createUser(server, 'writer');
    await createUser(server, 'stranger');
    await addCollaborator(server, octocat, 'octocat/assigned', 'pusher', 'push');
    await addCollaborator(server, octocat, 'octocat/assigned', 'writer', 'push');
    owner = basicOctokit(server, 'octocat', PASSWORD);
    stranger = basicOctokit(server, 'stranger', PASSWORD);
    await owner.rest.issues.create({ ...repo, title: 'Needs hands', assignees: ['pusher'] });
  });
  after(async () => server.close());

  it('adds without replacing (201, the issue), removes whom it names (200), both idempotent', async () => {
    const added = await owner.rest.issues.addAssignees({ ...repo, issue_number: 1, assignees: ['writer', 'octocat', 'writer'] });
    expect(added.status).to.equal(201);
    expectLatestSchema('issue', added.data);
    expect(added.data.assignees!.map((user) => user.login)).to.deep.equal(['pusher', 'writer', 'octocat']);
    expect(added.data.assignee!.login).to.equal('pusher');
    expect((await owner.rest.issues.addAssignees({ ...repo, issue_number: 1, assignees: ['writer'] })).data.assignees).to.have.length(3);
    const removed = await owner.rest.issues.removeAssignees({ ...repo, issue_number: 1, assignees: ['pusher', 'nobody-at-all'] });
    expect(removed.status).to.equal(200);
    expect(removed.data.assignees!.map((user) => user.login)).to.deep.equal(['writer', 'octocat']);
    expect((await owner.rest.issues.removeAssignees({ ...repo, issue_number: 1, assignees: ['pusher'] })).data.assignees).to.have.length(2);
    // The list filtered by assignee sees the change.
    expect((await owner.rest.issues.listForRepo({ ...repo, assignee: 'writer' })).data.map((issue) => issue.number)).to.deep.equal([1]);
    expect((await owner.rest.issues.listForRepo({ ...repo, assignee: 'pusher' })).data).to.deep.equal([]);
  });

  it('refuses one without push access (422), a caller who may not triage (403), an anonymous one (401), a missing issue (404)', async () => {
    const refused = await status(owner.rest.issues.addAssignees({ ...repo, issue_number: 1, assignees: ['stranger'] }));
    expect(refused).to.equal(422);
    expect(await status(stranger.rest.issues.addAssignees({ ...repo, issue_number: 1, assignees: ['stranger'] }))).to.equal(403);
    expect(await status(anonymousOctokit(server).rest.issues.addAssignees({ ...repo, issue_number: 1, assignees: ['writer'] }))).to.equal(401);
    expect(await status(owner.rest.issues.addAssignees({ ...repo, issue_number: 99, assignees: ['writer'] }))).to.equal(404);
    const issue = (await owner.rest.issues.get({ ...repo, issue_number: 1 })).data;
    expect(issue.assignees!.map((user) => user.login)).to.deep.equal(['writer', 'octocat']);
  });

  it('listAssignees: those with push access, in id order, paged with Link', async () => {
    const all = await stranger.rest.issues.listAssignees({ ...repo });
    expect(all.status).to.equal(200);
    expectArrayOf('simple-user', all.data);
    expect(all.data.map((user) => user.login)).to.deep.equal(['octocat', 'pusher', 'writer']);
    const second = await anonymousOctokit(server).rest.issues.listAssignees({ ...repo, per_page: 2, page: 2 });
    expect(second.data.map((user) => user.login)).to.deep.equal(['writer']);
    expect(second.headers.link).to.match(/[?&]page=1[^>]*>; rel="first"/);
  });

  it("an organization's repository: its owners and those given push, not the members who only read", async () => {
    const boss = await createUser(server, 'boss');
    await createUser(server, 'reader');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await api(server, boss, 'PUT', '/orgs/acme/memberships/reader', { role: 'member' })).status).to.equal(200);
    await createRepository(server, boss, { name: 'tools' }, '/orgs/acme/repos');
    await addCollaborator(server, boss, 'acme/tools', 'writer', 'push');
    const listed = await owner.rest.issues.listAssignees({ owner: 'acme', repo: 'tools' });
    expect(listed.data.map((user) => user.login)).to.deep.equal(['writer', 'boss']);
    expect(await status(owner.rest.issues.checkUserCanBeAssigned({ owner: 'acme', repo: 'tools', assignee: 'reader' }))).to.equal(404);
  });

  it('checkUserCanBeAssigned and checkUserCanBeAssignedToIssue: 204 for push access, 404 otherwise', async () => {
    expect(await status(owner.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: 'pusher' }))).to.equal(204);
    expect(await status(owner.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: 'octocat' }))).to.equal(204);
    expect(await status(owner.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: 'stranger' }))).to.equal(404);
    expect(await status(owner.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: 'nobody-at-all' }))).to.equal(404);
    expect(await status(owner.rest.issues.checkUserCanBeAssignedToIssue({ ...repo, issue_number: 1, assignee: 'writer' }))).to.equal(204);
    expect(await status(owner.rest.issues.checkUserCanBeAssignedToIssue({ ...repo, issue_number: 1, assignee: 'stranger' }))).to.equal(404);
    expect(await status(owner.rest.issues.checkUserCanBeAssignedToIssue({ ...repo, issue_number: 99, assignee: 'writer' }))).to.equal(404);
  });

  it("removing a collaborator unassigns them from the repository's issues, open and closed, as GitHub does", async () => {
    const octocat = basicAuthorization('octocat', PASSWORD);
    await createUser(server, 'leaver');
    await addCollaborator(server, octocat, 'octocat/assigned', 'leaver', 'push');
    const open = (await owner.rest.issues.create({ ...repo, title: 'Open work', assignees: ['leaver', 'pusher'] })).data;
    const closed = (await owner.rest.issues.create({ ...repo, title: 'Done work', assignees: ['leaver'] })).data;
    await owner.rest.issues.update({ ...repo, issue_number: closed.number, state: 'closed' });
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/assigned/collaborators/leaver')).status).to.equal(204);
    const logins = async (number: number) => (await owner.rest.issues.get({ ...repo, issue_number: number })).data.assignees!.map((user) => user.login);
    expect(await logins(open.number)).to.deep.equal(['pusher']);
    expect(await logins(closed.number)).to.deep.equal([]);
    const listed = await owner.rest.issues.listForRepo({ ...repo, assignee: 'leaver', state: 'all' });
    expect(listed.data).to.deep.equal([]);
    // The issue's own stream says so, as a removal through the assignees endpoint would.
    const history = await server.runtime.adapters.eventStore.readStream(issueStream(open.id));
    const last = history[history.length - 1]!;
    expect(last.type).to.equal('IssueAssigneesChanged');
    expect(last.data).to.deep.include({ assigneeIds: [(await owner.rest.users.getByUsername({ username: 'pusher' })).data.id] });
  });
});
