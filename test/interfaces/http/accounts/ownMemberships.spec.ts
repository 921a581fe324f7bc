import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createOrganization, createUsers, PASSWORD } from './organizationFixtures.js';

// GET /user/memberships/orgs[/{org}] and PATCH /user/memberships/orgs/{org}: the caller's own
// memberships, concealed ones included. forgelog adds members directly, so every one is active.
describe('HTTP the authenticated user’s organization memberships', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['octocat', 'hubot', 'stranger']);
    await createOrganization(server, 'github', 'octocat');
    await createOrganization(server, 'other-org', 'octocat');
    expect((await call(server, 'PUT', '/orgs/github/memberships/hubot', 'octocat', { role: 'admin' })).status).to.equal(200);
    expect((await call(server, 'PUT', '/orgs/other-org/memberships/hubot', 'octocat')).status).to.equal(200);
  });
  after(async () => server.close());

  it('lists them as org-memberships, by organization, paged; none pending; a bad state is 422', async () => {
    const all = await call(server, 'GET', '/user/memberships/orgs', 'hubot');
    expect(all.status).to.equal(200);
    expectArrayOf('org-membership', all.body);
    expect(all.body.map((membership: any) => [membership.organization.login, membership.role, membership.state, membership.user.login])).to.deep.equal([
      ['github', 'admin', 'active', 'hubot'],
      ['other-org', 'member', 'active', 'hubot'],
    ]);
    const paged = await call(server, 'GET', '/user/memberships/orgs?per_page=1&state=active', 'hubot');
    expect(paged.body.map((membership: any) => membership.organization.login)).to.deep.equal(['github']);
    expect(paged.headers.get('link')).to.contain('rel="next"');
    expect((await call(server, 'GET', '/user/memberships/orgs?state=pending', 'hubot')).body).to.deep.equal([]);
    expect((await call(server, 'GET', '/user/memberships/orgs?state=invited', 'hubot')).status).to.equal(422);
    expect((await call(server, 'GET', '/user/memberships/orgs', 'stranger')).body).to.deep.equal([]);
    expect((await call(server, 'GET', '/user/memberships/orgs', null)).status).to.equal(401);
  });

  it('GET one: the caller’s own, 404 where it has none; PATCH state=active answers it unchanged, anything else 422', async () => {
    const one = await call(server, 'GET', '/user/memberships/orgs/github', 'hubot');
    expect(one.status).to.equal(200);
    expectSchema('org-membership', one.body);
    expect(one.body).to.deep.include({ url: `${server.url}/orgs/github/memberships/hubot`, role: 'admin', state: 'active' });
    expect((await call(server, 'GET', '/user/memberships/orgs/github', 'stranger')).status).to.equal(404);
    expect((await call(server, 'GET', '/user/memberships/orgs/nowhere', 'hubot')).status).to.equal(404);
    const accepted = await call(server, 'PATCH', '/user/memberships/orgs/other-org', 'hubot', { state: 'active' });
    expect(accepted.status).to.equal(200);
    expect(accepted.body).to.deep.include({ role: 'member', state: 'active' });
    const refused = await call(server, 'PATCH', '/user/memberships/orgs/other-org', 'hubot', { state: 'pending' });
    expect(refused.status).to.equal(422);
    expect((await call(server, 'PATCH', '/user/memberships/orgs/github', 'stranger', { state: 'active' })).status).to.equal(404);
  });

  it('through @octokit/rest 20.1.0', async () => {
    const hubot = basicOctokit(server, 'hubot', PASSWORD);
    const listed = await hubot.rest.orgs.listMembershipsForAuthenticatedUser();
    expect(listed.data.map((membership) => membership.organization.login)).to.deep.equal(['github', 'other-org']);
    const got = await hubot.rest.orgs.getMembershipForAuthenticatedUser({ org: 'github' });
    expect(got.data.role).to.equal('admin');
    const updated = await hubot.rest.orgs.updateMembershipForAuthenticatedUser({ org: 'github', state: 'active' });
    expect(updated.data.state).to.equal('active');
  });
});
