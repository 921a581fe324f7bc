import { expect } from 'chai';
import { appendedSince } from '../../../support/appendedSince.js';
import { readModelsIn } from '../../../support/projectionSpec.js';
import { runCli } from '../../../support/runCli.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createOrganization, createUsers, PASSWORD } from './organizationFixtures.js';

const logins = (body: { login: string }[]) => body.map((account) => account.login);

// GitHub's concealed and public memberships: a membership starts concealed; its member alone
// publicizes or conceals it; those outside the organization see the public ones only.
describe('HTTP organization public members (fetch)', () => {
  let server: TestServer;
  let orgId: number;
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['octocat', 'hubot', 'mona', 'stranger']);
    orgId = (await createOrganization(server, 'github', 'octocat')).body.id;
    for (const login of ['hubot', 'mona']) expect((await call(server, 'PUT', `/orgs/github/memberships/${login}`, 'octocat')).status).to.equal(200);
  });
  after(async () => server.close());

  it('a membership starts concealed: members and site administrators see every member, anyone else none', async () => {
    for (const caller of ['hubot', 'admin'])
      expect(logins((await call(server, 'GET', '/orgs/github/members', caller)).body)).to.deep.equal(['octocat', 'hubot', 'mona']);
    for (const caller of [null, 'stranger']) {
      const outside = await call(server, 'GET', '/orgs/github/members', caller);
      expect(outside.status).to.equal(200);
      expect(outside.body).to.deep.equal([]);
      expect((await call(server, 'GET', '/orgs/github/public_members', caller)).body).to.deep.equal([]);
      expect((await call(server, 'GET', '/orgs/github/public_members/hubot', caller)).status).to.equal(404);
    }
    const stored = await server.runtime.adapters.readModels.collection('org_memberships').find({ org_id: orgId });
    expect(stored.map((membership) => membership.public)).to.deep.equal([false, false, false]);
  });

  it('PUT publicizes the caller’s own membership (204, one event); again appends nothing', async () => {
    const head = await server.runtime.adapters.eventStore.headPosition();
    const shown = await call(server, 'PUT', '/orgs/github/public_members/hubot', 'hubot');
    expect(shown.status).to.equal(204);
    expect(shown.body).to.equal(undefined);
    expect(await appendedSince(server, head)).to.deep.equal([`OrganizationMembershipPublicized organization-${orgId}`]);
    const again = await server.runtime.adapters.eventStore.headPosition();
    expect((await call(server, 'PUT', '/orgs/github/public_members/hubot', 'hubot')).status).to.equal(204);
    expect(await appendedSince(server, again)).to.deep.equal([]);
    for (const caller of [null, 'stranger']) {
      const members = await call(server, 'GET', '/orgs/github/members', caller);
      expectArrayOf('simple-user', members.body);
      expect(logins(members.body)).to.deep.equal(['hubot']);
      expect(logins((await call(server, 'GET', '/orgs/github/public_members', caller)).body)).to.deep.equal(['hubot']);
      expect((await call(server, 'GET', '/orgs/github/public_members/hubot', caller)).status).to.equal(204);
    }
    // Members still see everyone, the concealed included.
    expect(logins((await call(server, 'GET', '/orgs/github/members', 'mona')).body)).to.deep.equal(['octocat', 'hubot', 'mona']);
  });

  it('GET /orgs/{org}/members/{username}: a member is told, anyone else is sent to the public check (302)', async () => {
    expect((await call(server, 'GET', '/orgs/github/members/mona', 'hubot')).status).to.equal(204);
    for (const authorization of [undefined, basicAuthorization('stranger', PASSWORD)]) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const sent = await fetch(`${server.url}/orgs/github/members/mona`, { headers, redirect: 'manual' });
      expect(sent.status).to.equal(302);
      expect(sent.headers.get('location')).to.equal(`${server.url}/orgs/github/public_members/mona`);
      expect(await sent.text()).to.equal('');
      // Followed: a concealed member is not found, a public one is.
      expect((await fetch(`${server.url}/orgs/github/members/mona`, { headers })).status).to.equal(404);
      expect((await fetch(`${server.url}/orgs/github/members/hubot`, { headers })).status).to.equal(204);
    }
  });

  it('only the member publicizes or conceals: another user, a non-member and an anonymous caller are refused', async () => {
    const head = await server.runtime.adapters.eventStore.headPosition();
    const other = await call(server, 'PUT', '/orgs/github/public_members/mona', 'octocat');
    expect(other.status).to.equal(403);
    expectSchema('basic-error', other.body);
    expect(other.body.message).to.equal('You can only publicize or conceal your own membership.');
    expect((await call(server, 'DELETE', '/orgs/github/public_members/hubot', 'admin')).status).to.equal(403);
    const outsider = await call(server, 'PUT', '/orgs/github/public_members/stranger', 'stranger');
    expect(outsider.status).to.equal(403);
    expect(outsider.body.message).to.equal('You must be a member of github to publicize or conceal your membership.');
    expect((await call(server, 'PUT', '/orgs/github/public_members/mona', null)).status).to.equal(401);
    expect((await call(server, 'PUT', '/orgs/nowhere/public_members/mona', 'mona')).status).to.equal(404);
    expect((await call(server, 'PUT', '/orgs/github/public_members/nobody', 'mona')).status).to.equal(404);
    expect(await appendedSince(server, head)).to.deep.equal([]);
  });

  it('outsiders filter the public members by role; GET /users/{u}/orgs lists the public memberships only', async () => {
    expect((await call(server, 'PUT', '/orgs/github/public_members/octocat', 'octocat')).status).to.equal(204);
    expect(logins((await call(server, 'GET', '/orgs/github/members?role=admin', null)).body)).to.deep.equal(['octocat']);
    expect(logins((await call(server, 'GET', '/orgs/github/members?role=member', null)).body)).to.deep.equal(['hubot']);
    for (const caller of [null, 'mona']) expect((await call(server, 'GET', '/users/mona/orgs', caller)).body).to.deep.equal([]);
    expect(logins((await call(server, 'GET', '/user/orgs', 'mona')).body)).to.deep.equal(['github']);
    const hubots = await call(server, 'GET', '/users/hubot/orgs', null);
    expectArrayOf('organization-simple', hubots.body);
    expect(logins(hubots.body)).to.deep.equal(['github']);
  });

  it("a member's token reads the concealed members with read:org (or write:org, admin:org) only", async () => {
    const tokenWith = async (scopes: string[]) => {
      const created = await call(server, 'POST', '/authorizations', 'mona', { scopes, note: `members ${scopes.join(' ')}` });
      expect(created.status).to.equal(201);
      return { authorization: `token ${created.body.token as string}` };
    };
    const bare = await tokenWith(['public_repo']);
    const outsider = await fetch(`${server.url}/orgs/github/members`, { headers: bare });
    expect(outsider.status).to.equal(200);
    expect(outsider.headers.get('x-accepted-oauth-scopes')).to.equal('admin:org, write:org, read:org');
    expect(logins(await outsider.json())).to.deep.equal(['octocat', 'hubot']);
    expect((await fetch(`${server.url}/orgs/github/members/mona`, { headers: bare, redirect: 'manual' })).status).to.equal(302);
    for (const scope of ['read:org', 'write:org', 'admin:org']) {
      const scoped = await tokenWith([scope]);
      expect(logins(await (await fetch(`${server.url}/orgs/github/members`, { headers: scoped })).json()), scope).to.deep.equal(['octocat', 'hubot', 'mona']);
      expect((await fetch(`${server.url}/orgs/github/members/mona`, { headers: scoped, redirect: 'manual' })).status, scope).to.equal(204);
    }
  });

  it('a token publicizes and conceals with write:org, admin:org or user (GitHub: "publicize your organization membership with user scope")', async () => {
    const tokenWith = async (scopes: string[]) => {
      const created = await call(server, 'POST', '/authorizations', 'mona', { scopes, note: `publicize ${scopes.join(' ')}` });
      return { authorization: `token ${created.body.token as string}` };
    };
    const refused = await fetch(`${server.url}/orgs/github/public_members/mona`, { method: 'PUT', headers: await tokenWith(['repo']) });
    expect(refused.status).to.equal(404);
    expect(refused.headers.get('x-accepted-oauth-scopes')).to.equal('admin:org, write:org, user');
    for (const scope of ['user', 'write:org', 'admin:org']) {
      const headers = await tokenWith([scope]);
      expect((await fetch(`${server.url}/orgs/github/public_members/mona`, { method: 'PUT', headers })).status, scope).to.equal(204);
      expect((await fetch(`${server.url}/orgs/github/public_members/mona`, { method: 'DELETE', headers })).status, scope).to.equal(204);
    }
    expect((await call(server, 'GET', '/orgs/github/public_members/mona', null)).status).to.equal(404);
  });

  it('DELETE conceals it again (204); a member who leaves and comes back starts concealed', async () => {
    const hidden = await call(server, 'DELETE', '/orgs/github/public_members/hubot', 'hubot');
    expect(hidden.status).to.equal(204);
    expect(logins((await call(server, 'GET', '/orgs/github/public_members', null)).body)).to.deep.equal(['octocat']);
    expect((await call(server, 'GET', '/users/hubot/orgs', null)).body).to.deep.equal([]);
    expect((await call(server, 'PUT', '/orgs/github/public_members/hubot', 'hubot')).status).to.equal(204);
    expect((await call(server, 'DELETE', '/orgs/github/memberships/hubot', 'hubot')).status).to.equal(204);
    expect((await call(server, 'PUT', '/orgs/github/memberships/hubot', 'octocat')).status).to.equal(200);
    expect(logins((await call(server, 'GET', '/orgs/github/public_members', null)).body)).to.deep.equal(['octocat']);
    expect((await call(server, 'GET', '/orgs/github/public_members/hubot', null)).status).to.equal(404);
  });

  it('a rebuild gives the same memberships, their visibility included', async () => {
    await server.stop();
    const before = await readModelsIn(server.dataDir);
    expect((before.org_memberships as { user_id: number; public: boolean }[]).map((membership) => membership.public)).to.deep.equal([true, false, false]);
    const { code } = await runCli(['rebuild', 'organizations'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    expect(await readModelsIn(server.dataDir)).to.deep.equal(before);
  });
});
