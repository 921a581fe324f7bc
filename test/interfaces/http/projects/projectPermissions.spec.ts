import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, createRepository, createUser, api as plainApi } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

type Role = 'none' | 'read' | 'write' | 'admin';
const RANK: Record<Role, number> = { none: 0, read: 1, write: 2, admin: 3 };
const highest = (...roles: Role[]): Role => roles.reduce((best, role) => (RANK[role] > RANK[best] ? role : best), 'none');

interface ProjectCase {
  readonly label: string;
  readonly kind: 'organization' | 'repository' | 'user';
  readonly private: boolean;
  readonly orgPermission: Role;
  id: number;
}

// GitHub's rules, written out independently of the access decision they check.
function expectedRole(caller: string, project: ProjectCase): Role {
  if (caller === 'admin' || caller === 'boss') return 'admin';
  const everyone: Role = project.private ? 'none' : 'read';
  if (project.kind === 'repository') return caller === 'rcollab' ? 'write' : everyone;
  const granted: Role = ({ pcread: 'read', pcwrite: 'write', pcadmin: 'admin' } as Record<string, Role>)[caller] ?? 'none';
  const membership: Role = project.kind === 'organization' && caller === 'member' ? project.orgPermission : 'none';
  return caller === 'anonymous' ? everyone : highest(everyone, granted, membership);
}

describe('classic projects: the permission matrix', () => {
  let server: TestServer;
  const authorizations: Record<string, string | null> = { anonymous: null };
  const cases: ProjectCase[] = [];
  const call = (caller: string, method: string, path: string, body?: unknown) => projectCall(server, authorizations[caller] ?? null, method, path, body);

  before(async () => {
    server = await startTestServer();
    authorizations.admin = server.adminAuthorization;
    for (const login of ['boss', 'stranger', 'member', 'pcread', 'pcwrite', 'pcadmin', 'rcollab']) authorizations[login] = await createUser(server, login);
    expect((await plainApi(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await plainApi(server, authorizations.boss!, 'PUT', '/orgs/acme/memberships/member', { role: 'member' })).status).to.equal(200);
    await createRepository(server, authorizations.boss!, { name: 'open' });
    await createRepository(server, authorizations.boss!, { name: 'closed', private: true });
    for (const name of ['open', 'closed']) await addCollaborator(server, authorizations.boss!, `boss/${name}`, 'rcollab', 'push');
    const create = async (label: string, kind: ProjectCase['kind'], path: string, isPrivate: boolean, orgPermission: Role) => {
      const created = await call('boss', 'POST', path, { name: label });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const project: ProjectCase = { label, kind, private: isPrivate, orgPermission, id: created.body.id };
      if (kind !== 'repository') {
        const settings = kind === 'organization' ? { private: isPrivate, organization_permission: orgPermission } : { private: isPrivate };
        expect((await call('boss', 'PATCH', `/projects/${project.id}`, settings)).status).to.equal(200);
        for (const [login, permission] of [
          ['pcread', 'read'],
          ['pcwrite', 'write'],
          ['pcadmin', 'admin'],
        ]) {
          expect((await call('boss', 'PUT', `/projects/${project.id}/collaborators/${login}`, { permission })).status).to.equal(204);
        }
      }
      cases.push(project);
    };
    for (const isPrivate of [true, false]) {
      for (const permission of ['none', 'read', 'write', 'admin'] as const) {
        await create(`org ${isPrivate ? 'private' : 'public'} ${permission}`, 'organization', '/orgs/acme/projects', isPrivate, permission);
      }
      await create(`user ${isPrivate ? 'private' : 'public'}`, 'user', '/user/projects', isPrivate, 'write');
    }
    await create('repository public', 'repository', '/repos/boss/open/projects', false, 'write');
    await create('repository private', 'repository', '/repos/boss/closed/projects', true, 'write');
  });
  after(() => server.close());

  for (const caller of ['anonymous', 'stranger', 'member', 'pcread', 'pcwrite', 'pcadmin', 'rcollab', 'boss', 'admin']) {
    it(`as ${caller}: read, write and admin operations on organization, repository and user projects`, async () => {
      for (const project of cases) {
        const role = expectedRole(caller, project);
        const where = `${caller} on ${project.label}`;
        const read = await call(caller, 'GET', `/projects/${project.id}`);
        expect(read.status, where).to.equal(role === 'none' ? 404 : 200);
        if (read.status === 200) {
          expectSchema('project', read.body);
          expect(read.body.permissions, where).to.deep.equal({ read: true, write: RANK[role] >= 2, admin: role === 'admin' });
        } else expectSchema('basic-error', read.body);
        const write = await call(caller, 'POST', `/projects/${project.id}/columns`, { name: `by ${caller}` });
        expect(write.status, `write: ${where}`).to.equal(caller === 'anonymous' ? 401 : role === 'none' ? 404 : RANK[role] >= 2 ? 201 : 403);
        // Past the access decision a repository project refuses a visibility of its own (422).
        const admin = await call(caller, 'PATCH', `/projects/${project.id}`, { private: project.private });
        const allowed = project.kind === 'repository' ? 422 : 200;
        expect(admin.status, `admin: ${where}`).to.equal(caller === 'anonymous' ? 401 : role === 'none' ? 404 : role === 'admin' ? allowed : 403);
        expect(admin.body.message, where).to.be.a(admin.status === 200 ? 'undefined' : 'string');
      }
    });
  }

  it('404 or 410 with GitHub’s body where projects are switched off', async () => {
    expect((await plainApi(server, authorizations.boss, 'PATCH', '/repos/boss/open', { has_projects: false })).status).to.equal(200);
    const listed = await call('boss', 'GET', '/repos/boss/open/projects');
    expect(listed.status).to.equal(410);
    expect(listed.body).to.deep.include({ message: 'Projects are disabled for this repository' });
    expect(listed.body.documentation_url).to.be.a('string');
    expect((await call('boss', 'POST', '/repos/boss/open/projects', { name: 'x' })).status).to.equal(410);
    const repositoryProject = cases.find((project) => project.label === 'repository public')!;
    expect((await call('boss', 'GET', `/projects/${repositoryProject.id}`)).status).to.equal(410);
    expect((await call('stranger', 'GET', '/repos/boss/closed/projects')).status).to.equal(404);
    expect((await plainApi(server, authorizations.boss, 'PATCH', '/orgs/acme', { has_organization_projects: false })).status).to.equal(200);
    const orgList = await call('boss', 'GET', '/orgs/acme/projects');
    expect(orgList.status).to.equal(410);
    expect(orgList.body.message).to.equal('Projects are disabled for this organization');
    expect((await call('boss', 'POST', '/orgs/acme/projects', { name: 'x' })).status).to.equal(410);
    expect((await call('member', 'GET', `/projects/${cases[0]!.id}`)).status).to.equal(404);
  });
});
