import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// The API addresses a project, a column and a card carry each answer 200 (but a project's
// cards_url, see projects.encoders.ts): a client may follow any of them.
describe('classic projects: the API URLs in bodies resolve', () => {
  let server: TestServer;
  let octocat: string;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'board' });
  });
  after(() => server.close());

  const API_URL_KEYS = ['url', 'owner_url', 'columns_url', 'cards_url', 'project_url', 'column_url', 'content_url'];

  async function expectResolving(what: string, body: Record<string, unknown>): Promise<void> {
    for (const key of API_URL_KEYS) {
      // A project's cards_url is a key of the schema with no route behind it, on GitHub too.
      if (what === 'project' && key === 'cards_url') continue;
      const value = body[key];
      if (value === undefined) continue;
      expect(value, `${what}.${key}`).to.be.a('string');
      const path = new URL(value as string).pathname;
      const followed = await projectCall(server, octocat, 'GET', path);
      expect(followed.status, `${what}.${key} = ${String(value)}`).to.equal(200);
    }
  }

  it('of repository and user projects, their columns and cards', async () => {
    const issue = await api(server, octocat, 'POST', '/repos/octocat/board/issues', { title: 'Track me' });
    for (const path of ['/repos/octocat/board/projects', '/user/projects']) {
      const project = await projectCall(server, octocat, 'POST', path, { name: 'Board' });
      expect(project.status).to.equal(201);
      await expectResolving('project', project.body);
      const column = await projectCall(server, octocat, 'POST', `/projects/${project.body.id}/columns`, { name: 'To do' });
      await expectResolving('column', column.body);
      const note = await projectCall(server, octocat, 'POST', `/projects/columns/${column.body.id}/cards`, { note: 'remember' });
      await expectResolving('note card', note.body);
      const content = await projectCall(server, octocat, 'POST', `/projects/columns/${column.body.id}/cards`, {
        content_id: issue.body.id,
        content_type: 'Issue',
      });
      expect(content.body.content_url).to.be.a('string');
      await expectResolving('issue card', content.body);
    }
  });
});
