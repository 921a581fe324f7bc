import { expect } from 'chai';
import { expectLatestSchema, expectSchema, expectWebhookSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { settled } from '../activity/activityFixtures.js';
import { projectCall } from '../projects/projectCalls.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { expectSearchBody, search } from '../search/searchFixtures.js';
import { eventually, WebhookReceiver } from '../webhooks/webhookReceiver.js';

// GitHub attributes a deleted account's issues, pull requests, comments and other
// contributions to the `ghost` user (id 10137), an ordinary user at /users/ghost: every embed
// of a deleted user's id is that simple-user, never null.
describe("a deleted user's contributions are the ghost's", () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let receiver: WebhookReceiver;
  let alice: string;
  let leaver: string;
  const made: Record<string, number> = {};

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
    leaver = await createUser(server, 'leaver');
    const repository = await createRepository(server, alice, { name: 'app', auto_init: true });
    await addCollaborator(server, alice, 'alice/app', 'leaver', 'push');
    const hook = await api(server, alice, 'POST', '/repos/alice/app/hooks', { config: { url: receiver.url, content_type: 'json' }, events: ['*'] });
    expect(hook.status, JSON.stringify(hook.body)).to.equal(201);

    // Everything the leaver makes before the account is deleted.
    const created = async (path: string, body: unknown) => {
      const answer = await api(server, leaver, 'POST', path, body);
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).to.equal(201);
      return answer.body;
    };
    made.milestone = (await created('/repos/alice/app/milestones', { title: 'v1' })).number;
    made.issue = (await created('/repos/alice/app/issues', { title: 'left behind', body: 'gone soon', milestone: made.milestone })).number;
    made.comment = (await created(`/repos/alice/app/issues/${made.issue}/comments`, { body: 'bye' })).id;
    await created(`/repos/alice/app/issues/${made.issue}/reactions`, { content: 'heart' });
    const closed = await api(server, leaver, 'PATCH', `/repos/alice/app/issues/${made.issue}`, { state: 'closed' });
    expect(closed.status, JSON.stringify(closed.body)).to.equal(200);
    await bench.pushBranch(repository.id, 'idea', { 'idea.txt': 'i\n' });
    made.pull = (await created('/repos/alice/app/pulls', { title: 'an idea', head: 'idea', base: 'main' })).number;
    const merged = await api(server, leaver, 'PUT', `/repos/alice/app/pulls/${made.pull}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    const project = await projectCall(server, leaver, 'POST', '/repos/alice/app/projects', { name: 'board' });
    expect(project.status, JSON.stringify(project.body)).to.equal(201);
    made.project = project.body.id;
    const column = await projectCall(server, leaver, 'POST', `/projects/${made.project}/columns`, { name: 'to do' });
    expect(column.status, JSON.stringify(column.body)).to.equal(201);
    const card = await projectCall(server, leaver, 'POST', `/projects/columns/${column.body.id}/cards`, { note: 'a note' });
    expect(card.status, JSON.stringify(card.body)).to.equal(201);
    made.card = card.body.id;

    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/leaver')).status).to.equal(204);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
    await receiver.close();
  });

  // The ghost as GitHub embeds it, its URLs at this server's address.
  const expectGhost = (user: any, where: string) => {
    expect(user, where).to.not.equal(null);
    expectSchema('simple-user', user);
    expect(user, where).to.include({
      login: 'ghost',
      id: 10137,
      node_id: 'MDQ6VXNlcjEwMTM3',
      type: 'User',
      site_admin: false,
      url: `${server.url}/users/ghost`,
      repos_url: `${server.url}/users/ghost/repos`,
    });
  };

  it('GET /users/ghost and GET /user/10137 answer the ghost, the user the embeds name', async () => {
    const ghost = await api(server, null, 'GET', '/users/ghost');
    expect(ghost.status).to.equal(200);
    expectSchema('public-user', ghost.body);
    expectGhost(ghost.body, '/users/ghost');
    expect(ghost.body).to.include({ name: 'Deleted user', public_repos: 0, followers: 0, following: 0 });
    expect((await api(server, null, 'GET', '/users/Ghost')).body).to.deep.equal(ghost.body);
    expect((await api(server, null, 'GET', '/user/10137')).body).to.deep.equal(ghost.body);
    expect((await api(server, null, 'GET', '/users/leaver')).status).to.equal(404);
  });

  it('an issue, its comment, reaction and milestone name the ghost as author, closer and creator', async () => {
    const issue = await api(server, alice, 'GET', `/repos/alice/app/issues/${made.issue}`);
    expect(issue.status).to.equal(200);
    expectLatestSchema('issue', issue.body);
    expectGhost(issue.body.user, 'issue.user');
    expectGhost(issue.body.closed_by, 'issue.closed_by');
    expectGhost(issue.body.milestone.creator, 'issue.milestone.creator');
    // No assignee is no relation at all: null, not the ghost.
    expect(issue.body.assignee).to.equal(null);
    const listed = await api(server, alice, 'GET', '/repos/alice/app/issues?state=all');
    expectGhost(listed.body.find((item: any) => item.number === made.issue).user, 'listed issue.user');

    const comment = await api(server, alice, 'GET', `/repos/alice/app/issues/comments/${made.comment}`);
    expectLatestSchema('issue-comment', comment.body);
    expectGhost(comment.body.user, 'comment.user');
    const reactions = await api(server, alice, 'GET', `/repos/alice/app/issues/${made.issue}/reactions`);
    expect(reactions.body).to.have.length(1);
    expectSchema('reaction', reactions.body[0]);
    expectGhost(reactions.body[0].user, 'reaction.user');
    const milestone = await api(server, alice, 'GET', `/repos/alice/app/milestones/${made.milestone}`);
    expectSchema('milestone', milestone.body);
    expectGhost(milestone.body.creator, 'milestone.creator');
  });

  it('a pull request names the ghost as author and merger', async () => {
    const pull = await api(server, alice, 'GET', `/repos/alice/app/pulls/${made.pull}`);
    expect(pull.status).to.equal(200);
    expectLatestSchema('pull-request', pull.body);
    expectGhost(pull.body.user, 'pull.user');
    expectGhost(pull.body.merged_by, 'pull.merged_by');
    const listed = await api(server, alice, 'GET', '/repos/alice/app/pulls?state=all');
    expectGhost(listed.body[0].user, 'listed pull.user');
  });

  it('a project and its card name the ghost as creator', async () => {
    const project = await projectCall(server, alice, 'GET', `/projects/${made.project}`);
    expect(project.status).to.equal(200);
    expectSchema('project', project.body);
    expectGhost(project.body.creator, 'project.creator');
    const card = await projectCall(server, alice, 'GET', `/projects/columns/cards/${made.card}`);
    expect(card.status).to.equal(200);
    expectSchema('project-card', card.body);
    expectGhost(card.body.creator, 'card.creator');
  });

  it('issue search results name the ghost', async () => {
    const found = await search(server, alice, '/search/issues?q=repo:alice/app+is:issue');
    expect(found.status).to.equal(200);
    // The keys an issue's item never has (as issueSearch.spec.ts lists them).
    expectSearchBody('issue-search-result-item', found.body, /^(repository(\..*)?|body_html|body_text|.*\.starred_at|pull_request|draft)$/);
    expect(found.body.items).to.have.length(1);
    expectGhost(found.body.items[0].user, 'search item.user');
  });

  it('an event after the deletion, and its webhook, embed the ghost', async () => {
    const reopened = await api(server, alice, 'PATCH', `/repos/alice/app/issues/${made.issue}`, { state: 'open' });
    expect(reopened.status, JSON.stringify(reopened.body)).to.equal(200);
    await settled(server);
    const events = await api(server, null, 'GET', '/repos/alice/app/events');
    const reopening = events.body.find((event: any) => event.type === 'IssuesEvent' && event.payload.action === 'reopened');
    expect(reopening, JSON.stringify(events.body.map((event: any) => [event.type, event.payload.action]))).to.not.equal(undefined);
    expectGhost(reopening.payload.issue.user, 'event payload.issue.user');

    const deliveries = await eventually(
      () => receiver.of('issues').map((delivery) => JSON.parse(delivery.body)),
      (payloads) => payloads.some((payload) => payload.action === 'reopened'),
    );
    const delivered = deliveries.find((payload) => payload.action === 'reopened');
    expect(delivered).to.not.equal(undefined);
    expectWebhookSchema('issues-reopened', delivered);
    expectGhost(delivered.issue.user, 'webhook issue.user');
    expect(delivered.sender.login).to.equal('alice');
  });

  it('reserves the login ghost: no user or organization is created with it, nobody is renamed to it', async () => {
    for (const login of ['ghost', 'GHOST']) {
      const refused = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login, email: `${login}@example.com` });
      expect(refused.status, login).to.equal(422);
      expectSchema('validation-error', refused.body);
      expect(refused.body.errors, login).to.deep.equal([{ resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
    }
    const organization = await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'ghost', admin: 'alice' });
    expect(organization.status).to.equal(422);
    expect(organization.body.errors[0]).to.include({ field: 'login', code: 'already_exists' });
    const renamed = await api(server, server.adminAuthorization, 'PATCH', '/admin/users/alice', { login: 'ghost' });
    expect(renamed.status).to.equal(422);
    expect((await api(server, null, 'GET', '/users/alice')).body.login).to.equal('alice');
    expect((await api(server, null, 'GET', '/users/ghost')).body.id).to.equal(10137);
  });
});
