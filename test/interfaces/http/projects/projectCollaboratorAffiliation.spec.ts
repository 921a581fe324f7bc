import { expect } from 'chai';
import { expectArrayOf } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// GitHub's list of an organization project's collaborators: `all` (the default) is everyone
// with access (outside collaborators, members granted directly, members through the project's
// organization_permission, owners), `direct` the grants on the project, `outside` the grants
// to people outside the organization.
describe('classic projects: collaborators by affiliation', () => {
  let server: TestServer;
  let octocat: string;
  let projectId: number;

  const logins = async (query: string): Promise<string[]> => {
    const listed = await projectCall(server, octocat, 'GET', `/projects/${projectId}/collaborators${query}`);
    expect(listed.status, JSON.stringify(listed.body)).to.equal(200);
    expectArrayOf('simple-user', listed.body);
    return listed.body.map((user: { login: string }) => user.login);
  };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat'); // the organization's owner
    for (const login of ['hubot', 'mona', 'rita', 'eve']) await createUser(server, login);
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
    for (const member of ['hubot', 'rita'])
      expect((await api(server, octocat, 'PUT', `/orgs/acme/memberships/${member}`, { role: 'member' })).status).to.equal(200);
    projectId = (await projectCall(server, octocat, 'POST', '/orgs/acme/projects', { name: 'Roadmap' })).body.id;
    // hubot, a member, granted admin; mona and eve from outside the organization.
    for (const [login, permission] of [
      ['hubot', 'admin'],
      ['mona', 'write'],
      ['eve', 'read'],
    ]) {
      expect((await projectCall(server, octocat, 'PUT', `/projects/${projectId}/collaborators/${login}`, { permission })).status).to.equal(204);
    }
  });
  after(() => server.close());

  it('all, by default: direct grants, the owner and the members the organization permission lets in', async () => {
    expect(await logins('')).to.deep.equal(['octocat', 'hubot', 'mona', 'rita', 'eve']);
    expect(await logins('?affiliation=all')).to.deep.equal(['octocat', 'hubot', 'mona', 'rita', 'eve']);
  });

  it('direct and outside: the grants on the project', async () => {
    expect(await logins('?affiliation=direct')).to.deep.equal(['hubot', 'mona', 'eve']);
    expect(await logins('?affiliation=outside')).to.deep.equal(['mona', 'eve']);
  });

  it('with organization_permission none, members come only by a grant; owners always', async () => {
    expect((await projectCall(server, octocat, 'PATCH', `/projects/${projectId}`, { organization_permission: 'none' })).status).to.equal(200);
    expect(await logins('')).to.deep.equal(['octocat', 'hubot', 'mona', 'eve']);
  });

  it('pages the whole list', async () => {
    const second = await projectCall(server, octocat, 'GET', `/projects/${projectId}/collaborators?per_page=3&page=2`);
    expect(second.body.map((user: { login: string }) => user.login)).to.deep.equal(['eve']);
    expect(second.headers.get('link') ?? '').to.include('rel="first"');
  });
});
