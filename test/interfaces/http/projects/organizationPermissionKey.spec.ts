import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// GitHub's project schema: organization_permission is "the baseline permission that all
// organization members have on this project. Only present if owner is an organization."; the
// repository and user projects GitHub answered (PyGithub's recordings of 2020) carry no such
// key. forgelog answers every key of the schema: a board with no organization says 'none'.
describe('classic projects: organization_permission a baseline on an organization’s project only', () => {
  let server: TestServer;
  let octocat: string;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'board', auto_init: true });
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
  });
  after(() => server.close());

  it('a repository’s and a user’s project say none; an organization’s has its baseline', async () => {
    for (const path of ['/repos/octocat/board/projects', '/user/projects']) {
      const created = await projectCall(server, octocat, 'POST', path, { name: 'Board' });
      expect(created.status).to.equal(201);
      expectSchema('project', created.body);
      expect(created.body, path).to.have.property('organization_permission', 'none');
      const read = await projectCall(server, octocat, 'GET', `/projects/${created.body.id}`);
      expect(read.body, path).to.have.property('organization_permission', 'none');
      const renamed = await projectCall(server, octocat, 'PATCH', `/projects/${created.body.id}`, { name: 'Renamed' });
      expect(renamed.body, path).to.have.property('organization_permission', 'none');
    }
    const listed = await projectCall(server, octocat, 'GET', '/repos/octocat/board/projects');
    expect(listed.body[0]).to.have.property('organization_permission', 'none');
    const org = await projectCall(server, octocat, 'POST', '/orgs/acme/projects', { name: 'Company' });
    expect(org.body).to.include({ organization_permission: 'write' });
    expect((await projectCall(server, octocat, 'GET', '/orgs/acme/projects')).body[0]).to.include({ organization_permission: 'write' });
  });
});
