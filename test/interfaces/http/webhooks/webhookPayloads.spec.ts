import { expect } from 'chai';
import { expectWebhookSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { pushOverHttp } from '../activity/activityFixtures.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually, WebhookReceiver } from './webhookReceiver.js';

// A hook listening to everything, and actions through the API and git: each delivery's payload
// against GitHub's own webhook schema (@octokit/openapi-webhooks).
describe('webhooks: payloads of every event the server has, against GitHub’s webhook schemas', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let owner: string;
  let hookId: number;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
    owner = await createUser(server, 'payloads');
    await createUser(server, 'forker');
    await createRepository(server, owner, { name: 'lib', auto_init: true, private: true });
    const hook = await api(server, owner, 'POST', '/repos/payloads/lib/hooks', { config: { url: receiver.url, content_type: 'json' }, events: ['*'] });
    expect(hook.status).to.equal(201);
    hookId = hook.body.id;
    await eventually(
      () => receiver.of('ping'),
      (pings) => pings.length === 1,
    );
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  // The first delivery of an event whose payload holds.
  const payloadsOf = (event: string, holds: (payload: Record<string, any>) => boolean) =>
    eventually(
      () => receiver.of(event).map((delivery) => JSON.parse(delivery.body) as Record<string, any>),
      (found) => found.some(holds),
    ).then((found) => found.find(holds)!);

  // A classic projects request (the inertia preview): a deletion answers 204, anything else 200 or 201.
  const inertia = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: owner, accept: 'application/vnd.github.inertia-preview+json', 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (method === 'DELETE') {
      expect(response.status, `${method} ${path}`).to.equal(204);
      return { id: 0 };
    }
    expect(response.status, `${method} ${path}`).to.be.oneOf([200, 201]);
    return (await response.json()) as { id: number };
  };

  const only = async (event: string, count = 1) => {
    const found = await eventually(
      () => receiver.of(event),
      (deliveries) => deliveries.length >= count,
    );
    expect(found.length, `${event} deliveries`).to.be.at.least(count);
    return found.map((delivery) => JSON.parse(delivery.body) as Record<string, any>);
  };

  it('push and create (a new branch), with commits as git has them', async () => {
    const sha = await pushOverHttp(server, 'payloads', 'payloads/lib', 'feature', { 'notes.txt': 'hello\n' }, 'Add notes');
    const [created] = await only('create');
    expectWebhookSchema('create', created);
    expect(created).to.include({ ref: 'feature', ref_type: 'branch', pusher_type: 'user' });
    const pushes = await only('push');
    const push = pushes.find((payload) => payload.ref === 'refs/heads/feature')!;
    expectWebhookSchema('push', push);
    expect(push.after).to.equal(sha);
    expect(push.head_commit).to.include({ id: sha, message: 'Add notes' });
    expect(push.head_commit).to.deep.include({ added: ['notes.txt'], removed: [], modified: [] });
    expect(Date.parse(push.head_commit.timestamp)).to.be.above(Date.parse('2020-01-01'));
    expect(push.forced).to.equal(false);
    expect(push.head_commit.tree_id).to.match(/^[0-9a-f]{40}$/);
    expect(push.repository.full_name).to.equal('payloads/lib');
    // POST .../tests sends the latest push again.
    expect((await api(server, owner, 'POST', `/repos/payloads/lib/hooks/${hookId}/tests`)).status).to.equal(204);
    const again = await only('push', pushes.length + 1);
    expect(again.at(-1)).to.deep.include({ ref: 'refs/heads/feature', after: sha });
  });

  it('a move that drops commits is a forced push', async () => {
    const main = await api(server, owner, 'GET', '/repos/payloads/lib/git/ref/heads/main');
    const feature = await api(server, owner, 'GET', '/repos/payloads/lib/git/ref/heads/feature');
    expect((await api(server, owner, 'POST', '/repos/payloads/lib/git/refs', { ref: 'refs/heads/rewound', sha: feature.body.object.sha })).status).to.equal(
      201,
    );
    const moved = await api(server, owner, 'PATCH', '/repos/payloads/lib/git/refs/heads/rewound', { sha: main.body.object.sha, force: true });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    const forced = await payloadsOf('push', (payload) => payload.ref === 'refs/heads/rewound' && payload.after === main.body.object.sha);
    expectWebhookSchema('push', forced);
    expect(forced.forced).to.equal(true);
  });

  it('issues (opened, closed), issue_comment and pull_request (opened)', async () => {
    const issue = await api(server, owner, 'POST', '/repos/payloads/lib/issues', { title: 'Payload issue' });
    await api(server, owner, 'PATCH', `/repos/payloads/lib/issues/${issue.body.number}`, { state: 'closed' });
    await api(server, owner, 'POST', `/repos/payloads/lib/issues/${issue.body.number}/comments`, { body: 'closing words' });
    const issues = await only('issues', 2);
    expectWebhookSchema(
      'issues-opened',
      issues.find((payload) => payload.action === 'opened'),
    );
    expectWebhookSchema(
      'issues-closed',
      issues.find((payload) => payload.action === 'closed'),
    );
    expectWebhookSchema('issue-comment-created', (await only('issue_comment'))[0]);
    const pull = await api(server, owner, 'POST', '/repos/payloads/lib/pulls', { title: 'Feature', head: 'feature', base: 'main' });
    expect(pull.status, JSON.stringify(pull.body)).to.equal(201);
    const [opened] = await only('pull_request');
    expectWebhookSchema('pull-request-opened', opened);
    expect(opened).to.include({ action: 'opened', number: pull.body.number });
    // git's numbers for the pull request, as GET /pulls/{number} gives them (they were all 0).
    const numbers = ({ commits, additions, deletions, changed_files }: Record<string, unknown>) => ({ commits, additions, deletions, changed_files });
    expect(pull.body.commits).to.be.greaterThan(0);
    expect(numbers(opened.pull_request)).to.deep.equal(numbers(pull.body));
  });

  it('label (created, edited), milestone (created, closed) and repository (renamed, archived, unarchived; publicized below)', async () => {
    expect((await api(server, owner, 'POST', '/repos/payloads/lib/labels', { name: 'hooked', color: 'ff0000' })).status).to.equal(201);
    expect((await api(server, owner, 'PATCH', '/repos/payloads/lib/labels/hooked', { color: '00ff00' })).status).to.equal(200);
    const labels = await only('label', 2);
    expectWebhookSchema(
      'label-created',
      labels.find((payload) => payload.action === 'created'),
    );
    expectWebhookSchema(
      'label-edited',
      labels.find((payload) => payload.action === 'edited'),
    );
    expect(labels.find((payload) => payload.action === 'edited')!.label.color).to.equal('00ff00');
    // Each payload shows the object as it was right after its own event, whenever it is sent.
    expect(labels.find((payload) => payload.action === 'created')!.label.color).to.equal('ff0000');
    const milestone = await api(server, owner, 'POST', '/repos/payloads/lib/milestones', { title: 'v1' });
    expect(milestone.status).to.equal(201);
    await api(server, owner, 'PATCH', `/repos/payloads/lib/milestones/${milestone.body.number}`, { state: 'closed' });
    const milestones = await only('milestone', 2);
    expectWebhookSchema(
      'milestone-created',
      milestones.find((payload) => payload.action === 'created'),
    );
    expectWebhookSchema(
      'milestone-closed',
      milestones.find((payload) => payload.action === 'closed'),
    );
    expect(milestones.find((payload) => payload.action === 'created')!.milestone).to.include({ state: 'open', closed_at: null });
    expect(milestones.find((payload) => payload.action === 'closed')!.milestone.state).to.equal('closed');
    expect((await api(server, owner, 'PATCH', '/repos/payloads/lib', { name: 'library' })).status).to.equal(200);
    expect((await api(server, owner, 'PATCH', '/repos/payloads/library', { name: 'lib' })).status).to.equal(200);
    const renamed = (await only('repository')).find((payload) => payload.action === 'renamed')!;
    expectWebhookSchema('repository-renamed', renamed);
    expect(renamed.changes.repository.name.from).to.equal('lib');
    expect((await api(server, owner, 'PATCH', '/repos/payloads/lib', { archived: true })).status).to.equal(200);
    expect((await api(server, owner, 'PATCH', '/repos/payloads/lib', { archived: false })).status).to.equal(200);
    const archival = await eventually(
      () => receiver.of('repository').map((delivery) => JSON.parse(delivery.body) as Record<string, any>),
      (found) => found.some((payload) => payload.action === 'unarchived'),
    );
    expectWebhookSchema(
      'repository-archived',
      archival.find((payload) => payload.action === 'archived'),
    );
    expectWebhookSchema(
      'repository-unarchived',
      archival.find((payload) => payload.action === 'unarchived'),
    );
  });

  it('project, project_column and project_card', async () => {
    const project = await inertia('POST', '/repos/payloads/lib/projects', { name: 'Roadmap' });
    const column = await inertia('POST', `/projects/${project.id}/columns`, { name: 'To do' });
    const done = await inertia('POST', `/projects/${project.id}/columns`, { name: 'Done' });
    const card = await inertia('POST', `/projects/columns/${column.id}/cards`, { note: 'Write docs' });
    await inertia('POST', `/projects/columns/cards/${card.id}/moves`, { position: 'top', column_id: done.id });
    await inertia('PATCH', `/projects/${project.id}`, { state: 'closed' });
    const projects = await only('project', 2);
    expectWebhookSchema(
      'project-created',
      projects.find((payload) => payload.action === 'created'),
    );
    expect(projects.find((payload) => payload.action === 'created')!.project.state).to.equal('open');
    expectWebhookSchema(
      'project-closed',
      projects.find((payload) => payload.action === 'closed'),
    );
    expectWebhookSchema('project-column-created', (await only('project_column', 2))[0]);
    const cards = await only('project_card', 2);
    expect(cards.find((payload) => payload.action === 'created')!.project_card.column_id).to.equal(column.id);
    expectWebhookSchema(
      'project-card-created',
      cards.find((payload) => payload.action === 'created'),
    );
    const moved = cards.find((payload) => payload.action === 'moved')!;
    expectWebhookSchema('project-card-moved', moved);
    expect(moved.project_card.column_id).to.equal(done.id);
  });

  it('edits carry changes with the values before them (label, milestone, repository, project, column, card)', async () => {
    await api(server, owner, 'POST', '/repos/payloads/lib/labels', { name: 'renameme', color: '111111', description: 'old words' });
    await api(server, owner, 'PATCH', '/repos/payloads/lib/labels/renameme', { new_name: 'renamed', description: 'new words' });
    const label = await payloadsOf('label', (payload) => payload.action === 'edited' && payload.label.name === 'renamed');
    expectWebhookSchema('label-edited', label);
    expect(label.changes).to.deep.equal({ name: { from: 'renameme' }, description: { from: 'old words' } });

    const milestone = await api(server, owner, 'POST', '/repos/payloads/lib/milestones', { title: 'v2', description: 'first plan' });
    await api(server, owner, 'PATCH', `/repos/payloads/lib/milestones/${milestone.body.number}`, { title: 'v2.0' });
    const edited = await payloadsOf('milestone', (payload) => payload.action === 'edited' && payload.milestone.title === 'v2.0');
    expectWebhookSchema('milestone-edited', edited);
    expect(edited.changes).to.deep.equal({ title: { from: 'v2' } });

    await api(server, owner, 'PATCH', '/repos/payloads/lib', { description: 'before' });
    await api(server, owner, 'PATCH', '/repos/payloads/lib', { description: 'after', homepage: 'https://example.org' });
    const repository = await payloadsOf('repository', (payload) => payload.action === 'edited' && payload.changes.homepage !== undefined);
    expectWebhookSchema('repository-edited', repository);
    expect(repository.changes).to.deep.equal({ description: { from: 'before' }, homepage: { from: null } });

    const project = await inertia('POST', '/repos/payloads/lib/projects', { name: 'Plans', body: 'old body' });
    await inertia('PATCH', `/projects/${project.id}`, { name: 'Better plans' });
    const projectEdited = await payloadsOf('project', (payload) => payload.action === 'edited' && payload.project.name === 'Better plans');
    expectWebhookSchema('project-edited', projectEdited);
    expect(projectEdited.changes).to.deep.equal({ name: { from: 'Plans' } });
    const column = await inertia('POST', `/projects/${project.id}/columns`, { name: 'Soon' });
    await inertia('PATCH', `/projects/columns/${column.id}`, { name: 'Later' });
    const columnEdited = await payloadsOf('project_column', (payload) => payload.action === 'edited' && payload.project_column.name === 'Later');
    expectWebhookSchema('project-column-edited', columnEdited);
    expect(columnEdited.changes).to.deep.equal({ name: { from: 'Soon' } });
    const card = await inertia('POST', `/projects/columns/${column.id}/cards`, { note: 'first note' });
    await inertia('PATCH', `/projects/columns/cards/${card.id}`, { note: 'second note' });
    const cardEdited = await payloadsOf('project_card', (payload) => payload.action === 'edited' && payload.project_card.note === 'second note');
    expectWebhookSchema('project-card-edited', cardEdited);
    expect(cardEdited.changes).to.deep.equal({ note: { from: 'first note' } });
  });

  it('deletions show the object as it was (label, milestone, project, column, card; a repository to its organization)', async () => {
    await api(server, owner, 'POST', '/repos/payloads/lib/labels', { name: 'doomed', color: 'abcdef', description: 'goes away' });
    expect((await api(server, owner, 'DELETE', '/repos/payloads/lib/labels/doomed')).status).to.equal(204);
    const label = await payloadsOf('label', (payload) => payload.action === 'deleted');
    expectWebhookSchema('label-deleted', label);
    expect(label.label).to.include({ name: 'doomed', color: 'abcdef', description: 'goes away' });

    const milestone = await api(server, owner, 'POST', '/repos/payloads/lib/milestones', { title: 'never' });
    expect((await api(server, owner, 'DELETE', `/repos/payloads/lib/milestones/${milestone.body.number}`)).status).to.equal(204);
    const milestoneDeleted = await payloadsOf('milestone', (payload) => payload.action === 'deleted');
    expectWebhookSchema('milestone-deleted', milestoneDeleted);
    expect(milestoneDeleted.milestone).to.include({ title: 'never', number: milestone.body.number, open_issues: 0 });

    const project = await inertia('POST', '/repos/payloads/lib/projects', { name: 'Temporary' });
    const column = await inertia('POST', `/projects/${project.id}/columns`, { name: 'Short-lived' });
    const card = await inertia('POST', `/projects/columns/${column.id}/cards`, { note: 'gone soon' });
    await inertia('DELETE', `/projects/columns/cards/${card.id}`);
    const cardDeleted = await payloadsOf('project_card', (payload) => payload.action === 'deleted');
    expectWebhookSchema('project-card-deleted', cardDeleted);
    expect(cardDeleted.project_card).to.include({ id: card.id, note: 'gone soon', column_id: column.id });
    await inertia('DELETE', `/projects/columns/${column.id}`);
    const columnDeleted = await payloadsOf('project_column', (payload) => payload.action === 'deleted');
    expectWebhookSchema('project-column-deleted', columnDeleted);
    expect(columnDeleted.project_column).to.include({ id: column.id, name: 'Short-lived' });
    await inertia('DELETE', `/projects/${project.id}`);
    const projectDeleted = await payloadsOf('project', (payload) => payload.action === 'deleted');
    expectWebhookSchema('project-deleted', projectDeleted);
    expect(projectDeleted.project).to.include({ id: project.id, name: 'Temporary' });

    // A deleted repository's own hooks go with it: its organization's hear of it.
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'payload-org', admin: 'payloads' })).status).to.equal(201);
    const orgHook = await api(server, owner, 'POST', '/orgs/payload-org/hooks', {
      name: 'web',
      config: { url: receiver.url, content_type: 'json' },
      events: ['repository'],
    });
    expect(orgHook.status, JSON.stringify(orgHook.body)).to.equal(201);
    await createRepository(server, owner, { name: 'short-lived' }, '/orgs/payload-org/repos');
    expect((await api(server, owner, 'DELETE', '/repos/payload-org/short-lived')).status).to.equal(204);
    const repositoryDeleted = await payloadsOf('repository', (payload) => payload.action === 'deleted');
    expectWebhookSchema('repository-deleted', repositoryDeleted);
    expect(repositoryDeleted.repository.full_name).to.equal('payload-org/short-lived');
    expect(repositoryDeleted.organization.login).to.equal('payload-org');
  });

  it('member (added), public, watch (started) and fork', async () => {
    const invite = await api(server, owner, 'PUT', '/repos/payloads/lib/collaborators/forker', { permission: 'pull' });
    const forker = `Basic ${Buffer.from(`forker:${PASSWORD}`).toString('base64')}`;
    await api(server, forker, 'PATCH', `/user/repository_invitations/${invite.body.id}`);
    expectWebhookSchema('member-added', (await only('member'))[0]);
    await api(server, owner, 'PATCH', '/repos/payloads/lib', { private: false });
    expectWebhookSchema('public', (await only('public'))[0]);
    expectWebhookSchema(
      'repository-publicized',
      (
        await eventually(
          () => receiver.of('repository').map((d) => JSON.parse(d.body)),
          (found) => found.some((p) => p.action === 'publicized'),
        )
      ).find((p) => p.action === 'publicized'),
    );
    await api(server, forker, 'PUT', '/user/starred/payloads/lib');
    expectWebhookSchema('watch-started', (await only('watch'))[0]);
    const fork = await api(server, forker, 'POST', '/repos/payloads/lib/forks', {});
    expect(fork.status).to.equal(202);
    const [forked] = await only('fork');
    expectWebhookSchema('fork', forked);
    expect(forked.forkee).to.deep.include({ full_name: 'forker/lib', public: true });
  });
});
