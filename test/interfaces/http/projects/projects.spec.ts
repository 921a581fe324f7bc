import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { INERTIA, projectCall } from './projectCalls.js';

// Every projects operation through @octokit/rest and fetch, bodies checked against GitHub's schemas.
describe('classic projects: boards, columns, cards and collaborators', () => {
  let server: TestServer;
  let octocat: string;
  const inertia = { headers: { accept: INERTIA } };
  const call = (authorization: string | null, method: string, path: string, body?: unknown, accept = INERTIA) =>
    projectCall(server, authorization, method, path, body, { accept });

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createUser(server, 'hubot');
    await createRepository(server, octocat, { name: 'board', auto_init: true });
  });
  after(() => server.close());

  it('answers 415 with GitHub’s body without the inertia preview', async () => {
    for (const [method, path] of [
      ['GET', '/repos/octocat/board/projects'],
      ['GET', '/projects/1'],
      ['POST', '/user/projects'],
      ['GET', '/projects/columns/cards/1'],
    ]) {
      const refused = await call(octocat, method, path, method === 'POST' ? { name: 'x' } : undefined, 'application/vnd.github+json');
      expect(refused.status, path).to.equal(415);
      expect(refused.body.message).to.contain('Projects API');
      expect(refused.body.documentation_url).to.be.a('string');
    }
  });

  it('a repository project through @octokit/rest: create, get, list by state, update, close, columns and cards, delete', async () => {
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const created = await octokit.projects.createForRepo({ owner: 'octocat', repo: 'board', name: 'Roadmap', body: 'What comes next', ...inertia });
    expect(created.status).to.equal(201);
    expectSchema('project', created.data);
    expect(created.data).to.deep.include({ name: 'Roadmap', body: 'What comes next', number: 1, state: 'open' });
    expect(created.data.owner_url).to.equal(`${server.url}/repos/octocat/board`);
    expect(created.data.html_url).to.equal(`${server.url}/octocat/board/projects/1`);
    expect(created.data.creator!.login).to.equal('octocat');
    const second = await octokit.projects.createForRepo({ owner: 'octocat', repo: 'board', name: 'Later', ...inertia });
    expect(second.data.number).to.equal(2);
    const id = created.data.id;
    expectSchema('project', (await octokit.projects.get({ project_id: id, ...inertia })).data);

    const todo = await octokit.projects.createColumn({ project_id: id, name: 'To do', ...inertia });
    expect(todo.status).to.equal(201);
    expectSchema('project-column', todo.data);
    const done = await octokit.projects.createColumn({ project_id: id, name: 'Done', ...inertia });
    const doing = await octokit.projects.createColumn({ project_id: id, name: 'Doing', ...inertia });
    expect((await octokit.projects.moveColumn({ column_id: doing.data.id, position: `after:${todo.data.id}`, ...inertia })).status).to.equal(201);
    const columns = await octokit.projects.listColumns({ project_id: id, ...inertia });
    expectArrayOf('project-column', columns.data);
    expect(columns.data.map((column) => column.name)).to.deep.equal(['To do', 'Doing', 'Done']);
    expect((await octokit.projects.updateColumn({ column_id: done.data.id, name: 'Shipped', ...inertia })).data.name).to.equal('Shipped');
    expectSchema('project-column', (await octokit.projects.getColumn({ column_id: done.data.id, ...inertia })).data);

    const first = await octokit.projects.createCard({ column_id: todo.data.id, note: 'Write the docs', ...inertia });
    expect(first.status).to.equal(201);
    expectSchema('project-card', first.data);
    expect(first.data).to.deep.include({ note: 'Write the docs', archived: false, column_url: todo.data.url, project_url: created.data.url });
    const issue = await api(server, octocat, 'POST', '/repos/octocat/board/issues', { title: 'A bug' });
    const fromIssue = await octokit.projects.createCard({ column_id: todo.data.id, content_id: issue.body.id, content_type: 'Issue', ...inertia });
    expect(fromIssue.data.content_url).to.equal(`${server.url}/repos/octocat/board/issues/1`);
    expect(fromIssue.data.note).to.equal(null);
    const again = await call(octocat, 'POST', `/projects/columns/${todo.data.id}/cards`, { content_id: issue.body.id, content_type: 'Issue' });
    expect(again.status).to.equal(422);
    // GitHub's object form (cardContentErrors.spec), which the operation's oneOf allows.
    expectSchema('validation-error', again.body);
    expect(again.body.errors[0]).to.include({ code: 'unprocessable', field: 'data' });
    // Newest on top; moved to the bottom, then into another column.
    let cards = await octokit.projects.listCards({ column_id: todo.data.id, ...inertia });
    expectArrayOf('project-card', cards.data);
    expect(cards.data.map((card) => card.id)).to.deep.equal([fromIssue.data.id, first.data.id]);
    expect((await octokit.projects.moveCard({ card_id: fromIssue.data.id, position: 'bottom', ...inertia })).status).to.equal(201);
    cards = await octokit.projects.listCards({ column_id: todo.data.id, ...inertia });
    expect(cards.data.map((card) => card.id)).to.deep.equal([first.data.id, fromIssue.data.id]);
    await octokit.projects.moveCard({ card_id: first.data.id, position: 'top', column_id: doing.data.id, ...inertia });
    expect((await octokit.projects.listCards({ column_id: doing.data.id, ...inertia })).data.map((card) => card.id)).to.deep.equal([first.data.id]);
    const archived = await octokit.projects.updateCard({ card_id: first.data.id, archived: true, ...inertia });
    expect(archived.data.archived).to.equal(true);
    expect((await octokit.projects.listCards({ column_id: doing.data.id, ...inertia })).data).to.deep.equal([]);
    expect((await octokit.projects.listCards({ column_id: doing.data.id, archived_state: 'archived', ...inertia })).data.map((card) => card.id)).to.deep.equal([
      first.data.id,
    ]);
    expectSchema('project-card', (await octokit.projects.getCard({ card_id: first.data.id, ...inertia })).data);
    expect((await octokit.projects.deleteCard({ card_id: first.data.id, ...inertia })).status).to.equal(204);
    expect((await call(octocat, 'GET', `/projects/columns/cards/${first.data.id}`)).status).to.equal(404);

    const closed = await octokit.projects.update({ project_id: id, state: 'closed', name: 'Roadmap 2027', ...inertia });
    expect(closed.data).to.deep.include({ state: 'closed', name: 'Roadmap 2027' });
    const open = await octokit.projects.listForRepo({ owner: 'octocat', repo: 'board', ...inertia });
    expectArrayOf('project', open.data);
    expect(open.data.map((project) => project.name)).to.deep.equal(['Later']);
    const all = await octokit.projects.listForRepo({ owner: 'octocat', repo: 'board', state: 'all', ...inertia });
    expect(all.data.map((project) => project.name)).to.deep.equal(['Roadmap 2027', 'Later']);
    const bad = await call(octocat, 'GET', '/repos/octocat/board/projects?state=sideways');
    expect(bad.status).to.equal(422);

    expect((await octokit.projects.deleteColumn({ column_id: done.data.id, ...inertia })).status).to.equal(204);
    expect((await octokit.projects.delete({ project_id: id, ...inertia })).status).to.equal(204);
    expect((await call(octocat, 'GET', `/projects/${id}`)).status).to.equal(404);
    expect((await call(octocat, 'GET', `/projects/columns/${todo.data.id}`)).status).to.equal(404);
  });

  it('user projects, organization projects and collaborators', async () => {
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const mine = await octokit.projects.createForAuthenticatedUser({ name: 'Personal', ...inertia });
    expectSchema('project', mine.data);
    expect(mine.data.owner_url).to.equal(`${server.url}/users/octocat`);
    // An account's project is private unless made public, as GitHub documents.
    expect(mine.data.private).to.equal(true);
    expect((await octokit.projects.listForUser({ username: 'octocat', ...inertia })).data.map((project) => project.name)).to.deep.equal(['Personal']);
    expect((await call(null, 'GET', '/users/octocat/projects')).body).to.deep.equal([]);
    expect((await call(null, 'GET', `/projects/${mine.data.id}`)).status).to.equal(404);
    const orgOnly = await call(octocat, 'PATCH', `/projects/${mine.data.id}`, { organization_permission: 'read' });
    expect(orgOnly.status).to.equal(422);
    expectSchema('validation-error-simple', orgOnly.body);
    expect((await call(octocat, 'PATCH', `/projects/${mine.data.id}`, { private: false })).body.private).to.equal(false);
    expect((await call(null, 'GET', '/users/octocat/projects')).body.map((project: { name: string }) => project.name)).to.deep.equal(['Personal']);

    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
    const org = await octokit.projects.createForOrg({ org: 'acme', name: 'Company', ...inertia });
    expectSchema('project', org.data);
    expect(org.data).to.deep.include({ organization_permission: 'write', private: true });
    expect((await octokit.projects.listForOrg({ org: 'acme', ...inertia })).data.map((project) => project.name)).to.deep.equal(['Company']);
    const updated = await octokit.projects.update({ project_id: org.data.id, organization_permission: 'read', private: true, ...inertia });
    expect(updated.data).to.deep.include({ organization_permission: 'read', private: true });

    expect((await octokit.projects.addCollaborator({ project_id: org.data.id, username: 'hubot', permission: 'admin', ...inertia })).status).to.equal(204);
    const collaborators = await octokit.projects.listCollaborators({ project_id: org.data.id, ...inertia });
    expectArrayOf('simple-user', collaborators.data);
    // Everyone with access by default (the organization's owner too); the direct grants alone on asking.
    expect(collaborators.data.map((user) => user.login)).to.deep.equal(['octocat', 'hubot']);
    const direct = await octokit.projects.listCollaborators({ project_id: org.data.id, affiliation: 'direct', ...inertia });
    expect(direct.data.map((user) => user.login)).to.deep.equal(['hubot']);
    const permission = await octokit.projects.getPermissionForUser({ project_id: org.data.id, username: 'hubot', ...inertia });
    expectSchema('repository-collaborator-permission', permission.data);
    expect(permission.data.permission).to.equal('admin');
    const hubot = basicOctokit(server, 'hubot', PASSWORD);
    expect((await hubot.projects.get({ project_id: org.data.id, ...inertia })).data.name).to.equal('Company');
    expect((await octokit.projects.removeCollaborator({ project_id: org.data.id, username: 'hubot', ...inertia })).status).to.equal(204);
    const hidden = await call(`Basic ${Buffer.from(`hubot:${PASSWORD}`).toString('base64')}`, 'GET', `/projects/${org.data.id}`);
    expect(hidden.status).to.equal(404);
    expectSchema('basic-error', hidden.body);
  });

  it('a token needs the scope GitHub names for a private project: 404 with X-Accepted-OAuth-Scopes without it', async () => {
    const project = await call(octocat, 'POST', '/user/projects', { name: 'Scoped' });
    expect(project.status).to.equal(201);
    // A public one it reads as an anonymous caller would (projectTokenScopes.spec.ts).
    expect((await call(octocat, 'PATCH', `/projects/${project.body.id}`, { private: true })).status).to.equal(200);
    const token = async (scopes: string[]) => {
      const created = await api(server, octocat, 'POST', '/authorizations', { scopes, note: `projects ${scopes.join(' ')}` });
      expect(created.status).to.equal(201);
      return `token ${created.body.token}`;
    };
    const gist = await call(await token(['gist']), 'GET', `/projects/${project.body.id}`);
    expect(gist.status).to.equal(404);
    expect(gist.headers.get('x-accepted-oauth-scopes')).to.equal('repo, public_repo, project, read:project, read:org, write:org, admin:org');
    const repo = await call(await token(['repo']), 'GET', `/projects/${project.body.id}`);
    expect(repo.status).to.equal(200);
    expect(repo.body.name).to.equal('Scoped');
  });

  it('a card from an issue keeps its content_url when the issue closes, and leaves the board with a deleted repository', async () => {
    await createRepository(server, octocat, { name: 'scratch' });
    const issue = await api(server, octocat, 'POST', '/repos/octocat/scratch/issues', { title: 'Temporary' });
    const project = (await call(octocat, 'POST', '/user/projects', { name: 'Cross-repository' })).body;
    const column = (await call(octocat, 'POST', `/projects/${project.id}/columns`, { name: 'All' })).body;
    const note = (await call(octocat, 'POST', `/projects/columns/${column.id}/cards`, { note: 'stays' })).body;
    const card = (await call(octocat, 'POST', `/projects/columns/${column.id}/cards`, { content_id: issue.body.id, content_type: 'Issue' })).body;
    expect(card.content_url).to.equal(`${server.url}/repos/octocat/scratch/issues/1`);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/scratch/issues/1', { state: 'closed' })).status).to.equal(200);
    expect((await call(octocat, 'GET', `/projects/columns/cards/${card.id}`)).body).to.deep.include({ content_url: card.content_url, archived: false });
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/scratch')).status).to.equal(204);
    expect((await call(octocat, 'GET', `/projects/columns/cards/${card.id}`)).status).to.equal(404);
    expect((await call(octocat, 'GET', `/projects/columns/${column.id}/cards`)).body.map((listed: { id: number }) => listed.id)).to.deep.equal([note.id]);
  });
});
