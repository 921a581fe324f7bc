import { expect } from 'chai';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

describe('HTTP repositories: invitations', () => {
  let server: TestServer;
  let owner: string;
  let invitee: string;
  let other: string;
  let member: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'inviter');
    invitee = await createUser(server, 'invitee');
    other = await createUser(server, 'bystander');
    member = await createUser(server, 'member');
    await createRepository(server, owner, { name: 'secret', private: true });
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'guild', admin: 'inviter' })).status).to.equal(201);
    expect((await api(server, owner, 'PUT', '/orgs/guild/memberships/member', { role: 'member' })).status).to.equal(200);
    await createRepository(server, owner, { name: 'vault', private: true }, '/orgs/guild/repos');
  });
  after(async () => server.close());

  const invite = async (login: string, permission = 'push') => {
    const invited = await api(server, owner, 'PUT', `/repos/inviter/secret/collaborators/${login}`, { permission });
    expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
    return invited.body as { id: number; url: string };
  };

  it("the repository's administrators list, change and withdraw pending invitations; others see 404", async () => {
    const invitation = await invite('invitee');
    const listed = await api(server, owner, 'GET', '/repos/inviter/secret/invitations');
    expect(listed.status).to.equal(200);
    expectArrayOf('repository-invitation', listed.body);
    expect(listed.body.map((entry: { id: number; permissions: string }) => [entry.id, entry.permissions])).to.deep.equal([[invitation.id, 'write']]);
    const changed = await api(server, owner, 'PATCH', `/repos/inviter/secret/invitations/${invitation.id}`, { permissions: 'admin' });
    expect(changed.status).to.equal(200);
    expectSchema('repository-invitation', changed.body);
    expect(changed.body.permissions).to.equal('admin');
    const bad = await api(server, owner, 'PATCH', `/repos/inviter/secret/invitations/${invitation.id}`, { permissions: 'owner' });
    expect(bad.status).to.equal(422);
    expect(bad.body.errors).to.deep.equal([{ resource: 'RepositoryInvitation', field: 'permissions', code: 'invalid' }]);
    expect((await api(server, invitee, 'GET', '/repos/inviter/secret/invitations')).status).to.equal(404);
    expect((await api(server, owner, 'DELETE', `/repos/inviter/secret/invitations/${invitation.id}`)).status).to.equal(204);
    expect((await api(server, owner, 'DELETE', `/repos/inviter/secret/invitations/${invitation.id}`)).status).to.equal(404);
    expect((await api(server, invitee, 'GET', '/user/repository_invitations')).body).to.deep.equal([]);
    expect((await api(server, invitee, 'PATCH', `/user/repository_invitations/${invitation.id}`)).status).to.equal(404);
  });

  it('the invitee lists and declines; a declined invitation grants nothing and cannot be accepted', async () => {
    const invitation = await invite('invitee', 'pull');
    const mine = await api(server, invitee, 'GET', '/user/repository_invitations');
    expect(mine.body.map((entry: { id: number }) => entry.id)).to.deep.equal([invitation.id]);
    expect((await api(server, other, 'GET', '/user/repository_invitations')).body).to.deep.equal([]);
    expect((await api(server, invitee, 'DELETE', `/user/repository_invitations/${invitation.id}`)).status).to.equal(204);
    expect((await api(server, invitee, 'PATCH', `/user/repository_invitations/${invitation.id}`)).status).to.equal(404);
    expect((await api(server, invitee, 'GET', '/repos/inviter/secret')).status).to.equal(404);
  });

  it("nobody accepts someone else's invitation (404), and an accepted one grants its permission", async () => {
    const invitation = await invite('invitee', 'push');
    expect((await api(server, other, 'PATCH', `/user/repository_invitations/${invitation.id}`)).status).to.equal(404);
    expect((await api(server, other, 'GET', '/repos/inviter/secret')).status).to.equal(404);
    expect((await api(server, invitee, 'PATCH', `/user/repository_invitations/${invitation.id}`)).status).to.equal(204);
    expect((await api(server, invitee, 'GET', '/repos/inviter/secret')).body.permissions).to.include({ push: true, admin: false });
    expect((await api(server, owner, 'GET', '/repos/inviter/secret/invitations')).body).to.deep.equal([]);
    expect((await api(server, invitee, 'PATCH', '/user/repository_invitations/not-a-number')).status).to.equal(404);
  });

  it('removing the invitee as a collaborator withdraws the pending invitation: accepting it later grants nothing', async () => {
    const uninvited = await createUser(server, 'uninvited');
    const invitation = await invite('uninvited', 'push');
    expect((await api(server, owner, 'DELETE', '/repos/inviter/secret/collaborators/uninvited')).status).to.equal(204);
    expect((await api(server, owner, 'GET', '/repos/inviter/secret/invitations')).body).to.deep.equal([]);
    expect((await api(server, uninvited, 'GET', '/user/repository_invitations')).body).to.deep.equal([]);
    expect((await api(server, uninvited, 'PATCH', `/user/repository_invitations/${invitation.id}`)).status).to.equal(404);
    expect((await api(server, uninvited, 'GET', '/repos/inviter/secret')).status).to.equal(404);
  });

  it('a member of the owning organization is added at once: 204, no invitation', async () => {
    const added = await api(server, owner, 'PUT', '/repos/guild/vault/collaborators/member', { permission: 'push' });
    expect(added.status).to.equal(204);
    expect((await api(server, member, 'GET', '/user/repository_invitations')).body).to.deep.equal([]);
    expect((await api(server, member, 'GET', '/repos/guild/vault')).body.permissions).to.include({ push: true });
    // An outsider of the organization is invited as usual.
    const outsider = await api(server, owner, 'PUT', '/repos/guild/vault/collaborators/bystander', { permission: 'pull' });
    expect(outsider.status).to.equal(201);
    expect((await api(server, other, 'GET', '/repos/guild/vault')).status).to.equal(404);
  });
});
