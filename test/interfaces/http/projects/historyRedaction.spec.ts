import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api as plainApi, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// A project's history shows an issue card's content (repository and number) only to those
// who may read that repository, as the board itself shows the card redacted to the others.
describe('classic projects: a project’s history redacts content the caller may not read', () => {
  let server: TestServer;
  let boss: string;
  let outside: string;
  let projectId: number;
  let cardId: number;

  before(async () => {
    server = await startTestServer();
    boss = await createUser(server, 'boss');
    outside = await createUser(server, 'outside');
    expect((await plainApi(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    await createRepository(server, boss, { name: 'secret', private: true }, '/orgs/acme/repos');
    const issue = await plainApi(server, boss, 'POST', '/repos/acme/secret/issues', { title: 'Quiet plans' });
    expect(issue.status).to.equal(201);
    projectId = (await projectCall(server, boss, 'POST', '/orgs/acme/projects', { name: 'Board' })).body.id;
    const columnId = (await projectCall(server, boss, 'POST', `/projects/${projectId}/columns`, { name: 'To do' })).body.id;
    const card = await projectCall(server, boss, 'POST', `/projects/columns/${columnId}/cards`, { content_id: issue.body.id, content_type: 'Issue' });
    expect(card.status).to.equal(201);
    cardId = card.body.id;
    expect((await projectCall(server, boss, 'PUT', `/projects/${projectId}/collaborators/outside`, { permission: 'admin' })).status).to.equal(204);
  });
  after(() => server.close());

  const cardCreation = async (authorization: string) => {
    const history = await projectCall(server, authorization, 'GET', `/projects/${projectId}/history`);
    expect(history.status).to.equal(200);
    return history.body.find((entry: { action: string }) => entry.action === 'project_card.create');
  };

  it('an outside administrator of the board sees the card redacted, and its creation with content: null', async () => {
    const card = await projectCall(server, outside, 'GET', `/projects/columns/cards/${cardId}`);
    expect(card.status).to.equal(200);
    expect(card.body).to.not.have.property('content_url');
    const entry = await cardCreation(outside);
    expect(entry).to.deep.include({ card_id: cardId, content: null });
  });

  it('the organization’s owner, who reads the repository, sees the content', async () => {
    const entry = await cardCreation(boss);
    expect(entry.content).to.deep.include({ type: 'Issue', number: 1 });
  });

  // The organization's audit log holds the same entries: the same redaction applies there.
  it('the organization’s audit log redacts the content for an owner who may not read its repository', async () => {
    const auditedCreation = async (authorization: string) => {
      const log = await plainApi(server, authorization, 'GET', '/orgs/acme/audit-log?phrase=action:project_card.create');
      expect(log.status, JSON.stringify(log.body)).to.equal(200);
      return log.body.filter((entry: { card_id: number }) => entry.card_id === cardId);
    };
    expect((await auditedCreation(boss))[0].content).to.deep.include({ type: 'Issue', number: 1 });
    const tokenFor = async (scopes: string[]) => {
      const created = await plainApi(server, boss, 'POST', '/authorizations', { scopes, note: scopes.join(' ') });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      return `token ${created.body.token}`;
    };
    // Without the repo scope the token reads no private repository.
    expect((await auditedCreation(await tokenFor(['admin:org'])))[0].content).to.equal(null);
    expect((await auditedCreation(await tokenFor(['admin:org', 'repo'])))[0].content).to.deep.include({ type: 'Issue', number: 1 });

    // A repository transferred away takes its issues out of the owner's reach.
    const keeper = await createUser(server, 'keeper');
    await createRepository(server, boss, { name: 'moving', private: true }, '/orgs/acme/repos');
    const issue = await plainApi(server, boss, 'POST', '/repos/acme/moving/issues', { title: 'Leaving soon' });
    const columnId = (await projectCall(server, boss, 'GET', `/projects/${projectId}/columns`)).body[0].id;
    const card = await projectCall(server, boss, 'POST', `/projects/columns/${columnId}/cards`, { content_id: issue.body.id, content_type: 'Issue' });
    expect(card.status).to.equal(201);
    expect((await plainApi(server, boss, 'POST', '/repos/acme/moving/transfer', { new_owner: 'keeper' })).status).to.equal(202);
    expect((await plainApi(server, keeper, 'GET', '/repos/keeper/moving')).status).to.equal(200);
    expect((await plainApi(server, boss, 'GET', '/repos/keeper/moving')).status).to.equal(404);
    const log = await plainApi(server, boss, 'GET', '/orgs/acme/audit-log?phrase=action:project_card.create');
    expect(log.body.find((entry: { card_id: number }) => entry.card_id === card.body.id).content).to.equal(null);
  });
});
