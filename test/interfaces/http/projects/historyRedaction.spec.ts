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
});
