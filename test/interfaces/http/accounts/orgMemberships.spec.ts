import { expect } from 'chai';
import { appendedSince } from '../../../support/appendedSince.js';
import { readModelsIn } from '../../../support/projectionSpec.js';
import { runCli } from '../../../support/runCli.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createOrganization, createUsers, nextLink, PASSWORD } from './organizationFixtures.js';

describe('HTTP organization memberships (fetch)', () => {
  let server: TestServer;
  let orgId: number;
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['octocat', 'hubot', 'mona', 'stranger', 'm1', 'm2', 'm3']);
    orgId = (await createOrganization(server, 'github', 'octocat')).body.id;
  });
  after(async () => server.close());

  it('PUT by an owner adds a member directly (state active), default role member', async () => {
    const added = await call(server, 'PUT', '/orgs/github/memberships/hubot', 'octocat');
    expect(added.status).to.equal(200);
    expectSchema('org-membership', added.body);
    expect(added.body).to.deep.include({
      url: `${server.url}/orgs/github/memberships/hubot`,
      state: 'active',
      role: 'member',
      organization_url: `${server.url}/orgs/github`,
    });
    expect(added.body.organization).to.include({ login: 'github', id: orgId });
    expect(added.body.user).to.include({ login: 'hubot', type: 'User' });
    const stored = await server.runtime.adapters.readModels.collection('org_memberships').findOne({ org_id: orgId, user_id: added.body.user.id });
    expect(stored).to.deep.include({ role: 'member', state: 'active' });
  });

  it('PUT by a site administrator sets the role admin, and again changes nothing', async () => {
    const promoted = await call(server, 'PUT', '/orgs/github/memberships/mona', 'admin', { role: 'admin' });
    expect(promoted.status).to.equal(200);
    expect(promoted.body.role).to.equal('admin');
    const head = await server.runtime.adapters.eventStore.headPosition();
    const again = await call(server, 'PUT', '/orgs/github/memberships/mona', 'admin', { role: 'admin' });
    expect(again.body.role).to.equal('admin');
    expect(await appendedSince(server, head)).to.deep.equal([]);
  });

  it('PUT refuses members (403), anonymous callers (401), a bad role (422), unknown orgs and users (404)', async () => {
    const refused = await call(server, 'PUT', '/orgs/github/memberships/stranger', 'hubot', { role: 'admin' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Must be an organization owner.');
    expect((await call(server, 'PUT', '/orgs/github/memberships/stranger', null)).status).to.equal(401);
    const badRole = await call(server, 'PUT', '/orgs/github/memberships/stranger', 'octocat', { role: 'owner' });
    expect(badRole.status).to.equal(422);
    expect(badRole.body.errors).to.deep.equal([{ resource: 'Membership', field: 'role', code: 'invalid' }]);
    expect((await call(server, 'PUT', '/orgs/nowhere/memberships/stranger', 'admin')).status).to.equal(404);
    expect((await call(server, 'PUT', '/orgs/github/memberships/nobody', 'admin')).status).to.equal(404);
    expect((await call(server, 'PUT', '/orgs/github/memberships/github', 'admin')).status).to.equal(404);
    expect((await call(server, 'GET', '/orgs/github/members/stranger', null)).status).to.equal(404);
  });

  it('GET /orgs/{org}/memberships/{username}: members see memberships, strangers are refused, non-members are 404', async () => {
    const seen = await call(server, 'GET', '/orgs/github/memberships/mona', 'hubot');
    expect(seen.status).to.equal(200);
    expectSchema('org-membership', seen.body);
    expect(seen.body).to.include({ role: 'admin', state: 'active' });
    const own = await call(server, 'GET', '/orgs/github/memberships/stranger', 'stranger');
    expect(own.status).to.equal(404);
    const refused = await call(server, 'GET', '/orgs/github/memberships/mona', 'stranger');
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('You must be a member of github to see membership information for mona.');
    expect((await call(server, 'GET', '/orgs/github/memberships/stranger', 'octocat')).status).to.equal(404);
    expect((await call(server, 'GET', '/orgs/github/memberships/mona', null)).status).to.equal(401);
  });

  // Memberships start concealed: a member sees them all (orgPublicMembers.spec.ts: the others).
  it('GET /orgs/{org}/members lists members as simple-users, filtered by role, paged with Link', async () => {
    for (const login of ['m1', 'm2', 'm3']) expect((await call(server, 'PUT', `/orgs/github/memberships/${login}`, 'octocat')).status).to.equal(200);
    const all = await call(server, 'GET', '/orgs/github/members', 'hubot');
    expectArrayOf('simple-user', all.body);
    expect(all.body.map((user: { login: string }) => user.login)).to.deep.equal(['octocat', 'hubot', 'mona', 'm1', 'm2', 'm3']);
    expect(all.headers.get('link')).to.equal(null);
    const admins = await call(server, 'GET', '/orgs/github/members?role=admin', 'hubot');
    expect(admins.body.map((user: { login: string }) => user.login)).to.deep.equal(['octocat', 'mona']);
    const members = await call(server, 'GET', '/orgs/github/members?role=member', 'hubot');
    expect(members.body.map((user: { login: string }) => user.login)).to.deep.equal(['hubot', 'm1', 'm2', 'm3']);
    const paged = await call(server, 'GET', '/orgs/github/members?per_page=4', 'hubot');
    expect(paged.body).to.have.length(4);
    expect(paged.headers.get('link')).to.equal(
      `<${server.url}/orgs/github/members?per_page=4&page=2>; rel="next", <${server.url}/orgs/github/members?per_page=4&page=2>; rel="last"`,
    );
    const second = await fetch(nextLink(paged.headers)!, { headers: { authorization: basicAuthorization('hubot', PASSWORD) } });
    expect((await second.json()).map((user: { login: string }) => user.login)).to.deep.equal(['m2', 'm3']);
    const badRole = await call(server, 'GET', '/orgs/github/members?role=owner', null);
    expect(badRole.status).to.equal(422);
    expect((await call(server, 'GET', '/orgs/nowhere/members', null)).status).to.equal(404);
  });

  it('GET /orgs/{org}/members/{username} answers a member 204 for a member, 404 otherwise', async () => {
    const member = await call(server, 'GET', '/orgs/github/members/hubot', 'mona');
    expect(member.status).to.equal(204);
    expect(member.body).to.equal(undefined);
    expect((await call(server, 'GET', '/orgs/github/members/stranger', 'mona')).status).to.equal(404);
    expect((await call(server, 'GET', '/orgs/nowhere/members/hubot', 'mona')).status).to.equal(404);
  });

  it('GET /user/orgs and GET /users/{username}/orgs list organization-simple', async () => {
    await createOrganization(server, 'other-org', 'hubot');
    const mine = await call(server, 'GET', '/user/orgs', 'hubot');
    expectArrayOf('organization-simple', mine.body);
    expect(mine.body.map((org: { login: string }) => org.login)).to.deep.equal(['github', 'other-org']);
    const paged = await call(server, 'GET', '/user/orgs?per_page=1', 'hubot');
    expect(paged.body.map((org: { login: string }) => org.login)).to.deep.equal(['github']);
    expect(paged.headers.get('link')).to.contain('rel="next"');
    // Only what hubot publicized, whoever asks (hubot included): nothing yet.
    for (const caller of [null, 'hubot', 'admin']) expect((await call(server, 'GET', '/users/hubot/orgs', caller)).body).to.deep.equal([]);
    expect((await call(server, 'PUT', '/orgs/other-org/public_members/hubot', 'hubot')).status).to.equal(204);
    const theirs = await call(server, 'GET', '/users/hubot/orgs', null);
    expectArrayOf('organization-simple', theirs.body);
    expect(theirs.body.map((org: { login: string }) => org.login)).to.deep.equal(['other-org']);
    expect((await call(server, 'GET', '/users/stranger/orgs', null)).body).to.deep.equal([]);
    expect((await call(server, 'GET', '/users/nobody/orgs', null)).status).to.equal(404);
    expect((await call(server, 'GET', '/user/orgs', null)).status).to.equal(401);
  });

  it('keeps an owner: the last one can be neither removed nor demoted', async () => {
    await createOrganization(server, 'solo-org', 'stranger');
    const removal = await call(server, 'DELETE', '/orgs/solo-org/memberships/stranger', 'admin');
    expect(removal.status).to.equal(403);
    expectSchema('basic-error', removal.body);
    expect(removal.body.message).to.equal('Cannot remove or demote the last owner of an organization.');
    const demotion = await call(server, 'PUT', '/orgs/solo-org/memberships/stranger', 'stranger', { role: 'member' });
    expect(demotion.status).to.equal(403);
    expect((await call(server, 'GET', '/orgs/solo-org/memberships/stranger', 'stranger')).body.role).to.equal('admin');
  });

  it('DELETE removes a membership (204); a member may leave; others are refused', async () => {
    expect((await call(server, 'DELETE', '/orgs/github/memberships/m1', 'hubot')).status).to.equal(403);
    const removed = await call(server, 'DELETE', '/orgs/github/memberships/m1', 'octocat');
    expect(removed.status).to.equal(204);
    expect((await call(server, 'GET', '/orgs/github/members/m1', null)).status).to.equal(404);
    expect((await call(server, 'DELETE', '/orgs/github/memberships/m2', 'm2')).status).to.equal(204);
    expect((await call(server, 'DELETE', '/orgs/github/memberships/m2', 'octocat')).status).to.equal(404);
    expect((await call(server, 'GET', '/users/m1/orgs', null)).body).to.deep.equal([]);
    const owners = await call(server, 'DELETE', '/orgs/github/memberships/octocat', 'mona');
    expect(owners.status).to.equal(204);
    expect((await call(server, 'GET', '/orgs/github/members?role=admin', 'mona')).body.map((user: { login: string }) => user.login)).to.deep.equal(['mona']);
  });

  it('records every membership change in the organization stream, shown by forgelog audit stream', async () => {
    await server.stop();
    const { code, stdout } = await runCli(['audit', 'stream', `organization-${orgId}`, '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.type)).to.deep.equal([
      'OrganizationCreated',
      'OrganizationMemberAdded',
      'OrganizationMemberAdded',
      'OrganizationMemberAdded',
      'OrganizationMemberAdded',
      'OrganizationMemberAdded',
      'OrganizationMemberAdded',
      'OrganizationMemberRemoved',
      'OrganizationMemberRemoved',
      'OrganizationMemberRemoved',
    ]);
    const removal = entries[7];
    expect(removal.actor).to.deep.equal({ id: 2, login: 'octocat' });
    expect(removal.change).to.deep.include({ orgId, login: 'm1' });
    expect(removal.userAgent).to.equal('organizations-spec/1.0');
    expect(Date.parse(removal.occurredAt)).to.be.a('number').and.not.NaN;
    const text = await runCli(['audit', 'stream', `organization-${orgId}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(text.stdout).to.match(/#7 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}OrganizationMemberRemoved {2}by octocat \(id 2\)/);
    expect(text.stdout).to.match(/#2 {2}\S+ {2}OrganizationMemberAdded {2}by octocat \(id 2\)/);
    expect(text.stdout).to.match(/#3 {2}\S+ {2}OrganizationMemberAdded {2}by admin \(id 1\)/);
  });

  it('rebuild reproduces the organizations, memberships and organization accounts exactly', async () => {
    const before = await readModelsIn(server.dataDir);
    expect(before.organizations).to.have.length(3);
    expect((before.users as { type: string }[]).filter((account) => account.type === 'Organization')).to.have.length(3);
    const { code, stdout } = await runCli(['rebuild'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    expect(stdout).to.contain('organizations');
    expect(await readModelsIn(server.dataDir)).to.deep.equal(before);
  });
});
