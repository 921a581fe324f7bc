import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

const names = (body: { full_name: string }[]) => body.map((repository) => repository.full_name);

// Organizations come from the accounts area's routes: POST /admin/organizations, PUT
// /orgs/{org}/memberships/{username}, PATCH /orgs/{org}.
describe('HTTP repositories owned by organizations', () => {
  let server: TestServer;
  let owner: string;
  let member: string;
  let outsider: string;
  const setOrgSettings = async (settings: Record<string, unknown>) => {
    const patched = await api(server, owner, 'PATCH', '/orgs/github', settings);
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
  };
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
    member = await createUser(server, 'monalisa');
    outsider = await createUser(server, 'outsider');
    const org = await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'github', admin: 'octocat' });
    expect(org.status, JSON.stringify(org.body)).to.equal(201);
    const membership = await api(server, owner, 'PUT', '/orgs/github/memberships/monalisa', { role: 'member' });
    expect(membership.status, JSON.stringify(membership.body)).to.equal(200);
  });
  after(async () => server.close());

  it('an organization owner creates repositories in it: owner and organization are the organization', async () => {
    const created = await api(server, owner, 'POST', '/orgs/github/repos', { name: 'octo-api', private: true, auto_init: true });
    expect(created.status).to.equal(201);
    expectSchema('full-repository', created.body);
    expect(created.body).to.include({ full_name: 'github/octo-api', private: true });
    expect(created.body.owner).to.include({ login: 'github', type: 'Organization' });
    expect(created.body.organization).to.include({ login: 'github', type: 'Organization' });
    await createRepository(server, owner, { name: 'public-docs' }, '/orgs/github/repos');
  });

  it('members create repositories only when the organization lets them; outsiders never', async () => {
    await setOrgSettings({ members_can_create_repositories: false });
    const refused = await api(server, member, 'POST', '/orgs/github/repos', { name: 'by-member' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('You need admin access to github before adding a repository to it.');
    await setOrgSettings({ members_can_create_repositories: true });
    expect((await api(server, member, 'POST', '/orgs/github/repos', { name: 'by-member' })).status).to.equal(201);
    expect((await api(server, outsider, 'POST', '/orgs/github/repos', { name: 'by-outsider' })).status).to.equal(403);
  });

  it("members get the organization's base permission on its repositories, private ones included", async () => {
    const read = await api(server, member, 'GET', '/repos/github/octo-api');
    expect(read.status).to.equal(200);
    expect(read.body.permissions).to.deep.equal({ admin: false, maintain: false, push: false, triage: false, pull: true });
    expect((await api(server, member, 'PATCH', '/repos/github/octo-api', { description: 'x' })).status).to.equal(403);
    expect((await api(server, outsider, 'GET', '/repos/github/octo-api')).status).to.equal(404);
    await setOrgSettings({ default_repository_permission: 'none' });
    expect((await api(server, member, 'GET', '/repos/github/octo-api')).status).to.equal(404);
    expect((await api(server, member, 'GET', '/repos/github/public-docs')).status).to.equal(200);
    await setOrgSettings({ default_repository_permission: 'admin' });
    expect((await api(server, member, 'PATCH', '/repos/github/octo-api', { description: 'by a member' })).status).to.equal(200);
    await setOrgSettings({ default_repository_permission: 'read' });
    expect((await api(server, owner, 'GET', '/repos/github/octo-api')).body.permissions.admin).to.equal(true);
  });

  it('GET /orgs/{org}/repos lists what the caller can read, by type', async () => {
    const anonymous = await api(server, null, 'GET', '/orgs/github/repos');
    expectArrayOf('minimal-repository', anonymous.body);
    expect(names(anonymous.body)).to.have.members(['github/public-docs', 'github/by-member']);
    expect(names((await api(server, member, 'GET', '/orgs/github/repos?type=private')).body)).to.deep.equal(['github/octo-api']);
    expect(names((await api(server, member, 'GET', '/orgs/github/repos?sort=full_name')).body)).to.deep.equal([
      'github/by-member',
      'github/octo-api',
      'github/public-docs',
    ]);
    expect((await api(server, null, 'GET', '/orgs/octocat/repos')).status).to.equal(404);
    expect(names((await api(server, member, 'GET', '/user/repos?affiliation=organization_member')).body)).to.include('github/octo-api');
  });

  it('forks into an organization and transfers into it need the right to create there', async () => {
    await createRepository(server, outsider, { name: 'gift', auto_init: true });
    const forked = await api(server, owner, 'POST', '/repos/outsider/gift/forks', { organization: 'github' });
    expect(forked.status).to.equal(202);
    expect(forked.body.full_name).to.equal('github/gift');
    expect((await api(server, outsider, 'POST', '/repos/github/public-docs/forks', { organization: 'github' })).status).to.equal(403);
    expect((await api(server, outsider, 'POST', '/repos/outsider/gift/transfer', { new_owner: 'github' })).status).to.equal(403);
    await createRepository(server, owner, { name: 'moving-in' });
    const moved = await api(server, owner, 'POST', '/repos/octocat/moving-in/transfer', { new_owner: 'github' });
    expect(moved.status).to.equal(202);
    expect(moved.body.owner.type).to.equal('Organization');
    expect((await api(server, member, 'GET', '/repos/github/moving-in')).body.permissions.pull).to.equal(true);
  });

  it('collaborators of an organization repository include its owners and members', async () => {
    const listed = await api(server, owner, 'GET', '/repos/github/octo-api/collaborators');
    expectArrayOf('collaborator', listed.body);
    expect(listed.body.map((c: { login: string; role_name: string }) => [c.login, c.role_name])).to.deep.equal([
      ['octocat', 'admin'],
      ['monalisa', 'read'],
    ]);
    const permission = await api(server, owner, 'GET', '/repos/github/octo-api/collaborators/monalisa/permission');
    expect(permission.body).to.include({ permission: 'read', role_name: 'read' });
  });
});
