import { expect } from 'chai';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// A board readable by more people than the repositories its cards come from: a card whose issue
// the reader may not see is redacted (no content_url), so it never names a private repository.
describe('classic projects: cards of issues the reader may not see', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  let columnId: number;
  let secretCardId: number;
  let openCardId: number;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    await createRepository(server, octocat, { name: 'secret-plans', private: true });
    await createRepository(server, octocat, { name: 'open-plans' });
    const secret = await api(server, octocat, 'POST', '/repos/octocat/secret-plans/issues', { title: 'Acquire the competition' });
    const open = await api(server, octocat, 'POST', '/repos/octocat/open-plans/issues', { title: 'Write docs' });
    const project = await projectCall(server, octocat, 'POST', '/user/projects', { name: 'Everything' });
    expect(project.body.private).to.equal(true);
    // Made public, so that others read it and its cards (redacted where they may not see the issue).
    expect((await projectCall(server, octocat, 'PATCH', `/projects/${project.body.id}`, { private: false })).body.private).to.equal(false);
    columnId = (await projectCall(server, octocat, 'POST', `/projects/${project.body.id}/columns`, { name: 'Now' })).body.id;
    const card = (body: unknown) => projectCall(server, octocat, 'POST', `/projects/columns/${columnId}/cards`, body);
    secretCardId = (await card({ content_id: secret.body.id, content_type: 'Issue' })).body.id;
    openCardId = (await card({ content_id: open.body.id, content_type: 'Issue' })).body.id;
  });
  after(() => server.close());

  it('the owner sees both content URLs', async () => {
    const cards = await projectCall(server, octocat, 'GET', `/projects/columns/${columnId}/cards`);
    expect(cards.body.map((card: { content_url?: string }) => card.content_url)).to.deep.equal([
      `${server.url}/repos/octocat/open-plans/issues/1`,
      `${server.url}/repos/octocat/secret-plans/issues/1`,
    ]);
  });

  for (const reader of ['anonymous', 'another user'] as const) {
    it(`${reader} reads the public board with the private issue's card redacted, in lists and alone`, async () => {
      const authorization = reader === 'anonymous' ? null : hubot;
      const listed = await projectCall(server, authorization, 'GET', `/projects/columns/${columnId}/cards`);
      expect(listed.status).to.equal(200);
      expectArrayOf('project-card', listed.body);
      const byId = new Map(listed.body.map((card: { id: number }) => [card.id, card]));
      expect(byId.get(openCardId)).to.have.property('content_url', `${server.url}/repos/octocat/open-plans/issues/1`);
      expect(byId.get(secretCardId)).to.not.have.property('content_url');
      expect(JSON.stringify(listed.body)).to.not.contain('secret-plans');

      const alone = await projectCall(server, authorization, 'GET', `/projects/columns/cards/${secretCardId}`);
      expect(alone.status).to.equal(200);
      expectSchema('project-card', alone.body);
      expect(alone.body).to.include({ id: secretCardId, note: null });
      expect(alone.body).to.not.have.property('content_url');
    });
  }
});
