import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { INERTIA, projectCall } from './projectCalls.js';

// GitHub's permission levels for user-owned project boards: write collaborators edit the board
// (its name and body among it), but closing and reopening it is the owner's and admin
// collaborators' alone.
describe('classic projects: closing and reopening a user’s project', () => {
  let server: TestServer;
  let octocat: string;
  let writer: string;
  let projectId: number;
  const inertia = { headers: { accept: INERTIA } };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    writer = await createUser(server, 'hubot');
    await createUser(server, 'mona');
    projectId = (await projectCall(server, octocat, 'POST', '/user/projects', { name: 'Personal' })).body.id;
    for (const [login, permission] of [
      ['hubot', 'write'],
      ['mona', 'admin'],
    ]) {
      expect((await projectCall(server, octocat, 'PUT', `/projects/${projectId}/collaborators/${login}`, { permission })).status).to.equal(204);
    }
  });
  after(() => server.close());

  it('a write collaborator renames the project but may not close or reopen it (403)', async () => {
    const renamed = await projectCall(server, writer, 'PATCH', `/projects/${projectId}`, { name: 'Personal 2027', body: 'Plans' });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    expect(renamed.body).to.deep.include({ name: 'Personal 2027', body: 'Plans', state: 'open' });

    const closing = await projectCall(server, writer, 'PATCH', `/projects/${projectId}`, { state: 'closed' });
    expect(closing.status, JSON.stringify(closing.body)).to.equal(403);
    expectSchema('basic-error', closing.body);
    expect(closing.body.message).to.equal('Must have admin rights to Project.');
    expect((await projectCall(server, octocat, 'GET', `/projects/${projectId}`)).body.state).to.equal('open');
  });

  it('an admin collaborator closes it through @octokit/rest; a write collaborator may not reopen it', async () => {
    const admin = basicOctokit(server, 'mona', PASSWORD);
    const closed = await admin.projects.update({ project_id: projectId, state: 'closed', ...inertia });
    expect(closed.data.state).to.equal('closed');
    const reopening = await projectCall(server, writer, 'PATCH', `/projects/${projectId}`, { state: 'open' });
    expect(reopening.status).to.equal(403);
    expect((await projectCall(server, octocat, 'PATCH', `/projects/${projectId}`, { state: 'open' })).body.state).to.equal('open');
  });
});
