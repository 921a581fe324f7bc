import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

describe('HTTP repositories: collaborators', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    stranger = await createUser(server, 'stranger');
    await createRepository(server, octocat, { name: 'team-work', private: true });
  });
  after(async () => server.close());

  it('PUT invites: 201 with the invitation and its Location; access starts once the invitee accepts; then 204 changes the permission', async () => {
    const added = await api(server, octocat, 'PUT', '/repos/octocat/team-work/collaborators/hubot', { permission: 'triage' });
    expect(added.status).to.equal(201);
    expectSchema('repository-invitation', added.body);
    expect(added.body).to.deep.include({ permissions: 'triage', expired: false });
    expect(added.body.invitee.login).to.equal('hubot');
    expect(added.body.inviter.login).to.equal('octocat');
    expect(added.body.repository.full_name).to.equal('octocat/team-work');
    expect(added.headers.get('location')).to.equal(added.body.url);
    // Nothing is granted yet: the private repository is still hidden from the invitee.
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work')).status).to.equal(404);
    // Inviting again answers the same pending invitation.
    const again = await api(server, octocat, 'PUT', '/repos/octocat/team-work/collaborators/hubot', { permission: 'triage' });
    expect(again.status).to.equal(201);
    expect(again.body.id).to.equal(added.body.id);
    expect((await api(server, hubot, 'PATCH', `/user/repository_invitations/${added.body.id}`)).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work')).body.permissions).to.include({ triage: true, push: false });
    // GitHub changes an existing collaborator's permission with 204 and no body.
    const changed = await api(server, octocat, 'PUT', '/repos/octocat/team-work/collaborators/hubot', { permission: 'push' });
    expect(changed.status).to.equal(204);
    expect(changed.body).to.equal(null);
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work')).body.permissions).to.include({ push: true, admin: false });
  });

  it('GET lists collaborators with their roles, for those with push access', async () => {
    const listed = await api(server, octocat, 'GET', '/repos/octocat/team-work/collaborators');
    expect(listed.status).to.equal(200);
    expectArrayOf('collaborator', listed.body);
    expect(listed.body.map((c: { login: string; role_name: string }) => [c.login, c.role_name])).to.deep.equal([
      ['octocat', 'admin'],
      ['hubot', 'write'],
    ]);
    expect(listed.body[1].permissions).to.deep.equal({ admin: false, maintain: false, push: true, triage: true, pull: true });
    expect(
      (await api(server, octocat, 'GET', '/repos/octocat/team-work/collaborators?affiliation=outside')).body.map((c: { login: string }) => c.login),
    ).to.deep.equal(['hubot']);
    expect((await api(server, stranger, 'GET', '/repos/octocat/team-work/collaborators')).status).to.equal(404);
  });

  it('GET .../collaborators/{username} answers 204 for a collaborator and 404 otherwise', async () => {
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work/collaborators/hubot')).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work/collaborators/octocat')).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work/collaborators/stranger')).status).to.equal(404);
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work/collaborators/nobody-here')).status).to.equal(404);
  });

  it('GET .../permission answers the role as GitHub words it', async () => {
    const cases: [string, string, string][] = [
      ['hubot', 'write', 'write'],
      ['octocat', 'admin', 'admin'],
      ['stranger', 'none', 'none'],
      ['admin', 'admin', 'admin'],
    ];
    for (const [login, permission, role] of cases) {
      const answer = await api(server, octocat, 'GET', `/repos/octocat/team-work/collaborators/${login}/permission`);
      expect(answer.status).to.equal(200);
      expectSchema('repository-collaborator-permission', answer.body);
      expect(answer.body).to.include({ permission, role_name: role });
      expect(answer.body.user.login).to.equal(login);
    }
    expect((await api(server, octocat, 'GET', '/repos/octocat/team-work/collaborators/nobody-here/permission')).status).to.equal(404);
  });

  it('refuses non-administrators (403), the owner as collaborator and bad permissions (422), unknown users (404)', async () => {
    const refused = await api(server, hubot, 'PUT', '/repos/octocat/team-work/collaborators/stranger', { permission: 'pull' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Must have admin rights to Repository.');
    expect((await api(server, stranger, 'PUT', '/repos/octocat/team-work/collaborators/stranger', {})).status).to.equal(404);
    const owner = await api(server, octocat, 'PUT', '/repos/octocat/team-work/collaborators/octocat', {});
    expect(owner.status).to.equal(422);
    expect(owner.body.errors[0].message).to.equal('Repository owner cannot be a collaborator');
    const bad = await api(server, octocat, 'PUT', '/repos/octocat/team-work/collaborators/stranger', { permission: 'owner' });
    expect(bad.body.errors).to.deep.equal([{ resource: 'Repository', field: 'permission', code: 'invalid' }]);
    expect((await api(server, octocat, 'PUT', '/repos/octocat/team-work/collaborators/nobody-here', {})).status).to.equal(404);
  });

  // GitHub: "The authenticated user must have push access to the repository to use this
  // endpoint"; who holds which role is not shown to a repository's mere readers.
  it("a reader without push access sees neither who collaborates nor anyone's role", async () => {
    await createRepository(server, octocat, { name: 'open-work' });
    const invited = await api(server, octocat, 'PUT', '/repos/octocat/open-work/collaborators/hubot', { permission: 'admin' });
    expect((await api(server, hubot, 'PATCH', `/user/repository_invitations/${invited.body.id}`)).status).to.equal(204);
    const permission = await api(server, stranger, 'GET', '/repos/octocat/open-work/collaborators/hubot/permission');
    expect(permission.status).to.equal(403);
    expect(permission.body.message).to.equal('Must have push access to view collaborator permission.');
    expect((await api(server, stranger, 'GET', '/repos/octocat/open-work/collaborators/hubot')).status).to.equal(403);
    expect((await api(server, stranger, 'GET', '/repos/octocat/open-work/collaborators')).status).to.equal(403);
    expect((await api(server, stranger, 'GET', '/repos/octocat/team-work/collaborators/octocat/permission')).status).to.equal(404);
    expect((await api(server, stranger, 'GET', '/repos/octocat/team-work/collaborators/octocat')).status).to.equal(404);
    expect((await api(server, hubot, 'GET', '/repos/octocat/open-work/collaborators/hubot/permission')).body.permission).to.equal('admin');
  });

  it('DELETE removes a collaborator (204), who then loses sight of the private repository', async () => {
    expect((await api(server, hubot, 'DELETE', '/repos/octocat/team-work/collaborators/octocat')).status).to.equal(403);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/team-work/collaborators/hubot')).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/repos/octocat/team-work')).status).to.equal(404);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/team-work/collaborators/hubot')).status).to.equal(204);
    // A collaborator may leave on their own.
    const invited = await api(server, octocat, 'PUT', '/repos/octocat/team-work/collaborators/stranger', { permission: 'pull' });
    expect((await api(server, stranger, 'PATCH', `/user/repository_invitations/${invited.body.id}`)).status).to.equal(204);
    expect((await api(server, stranger, 'GET', '/repos/octocat/team-work')).status).to.equal(200);
    expect((await api(server, stranger, 'DELETE', '/repos/octocat/team-work/collaborators/stranger')).status).to.equal(204);
    expect((await api(server, stranger, 'GET', '/repos/octocat/team-work')).status).to.equal(404);
  });
});
