import { expect } from 'chai';
import { appendedSince } from '../../../support/appendedSince.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createOrganization, createUsers, nextLink } from './organizationFixtures.js';

describe('HTTP organizations (fetch)', () => {
  let server: TestServer;
  let orgId: number;
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['octocat', 'hubot', 'stranger']);
    const created = await createOrganization(server, 'github', 'octocat', 'GitHub');
    orgId = created.body.id;
    expect((await call(server, 'PUT', '/orgs/github/memberships/hubot', 'octocat', { role: 'member' })).status).to.equal(200);
  });
  after(async () => server.close());

  it('POST /admin/organizations answers 201 organization-simple with a Location, in the users id space', async () => {
    const created = await call(server, 'POST', '/admin/organizations', 'admin', { login: 'Octo-Org', admin: 'hubot' });
    expect(created.status).to.equal(201);
    expectSchema('organization-simple', created.body);
    expect(created.headers.get('location')).to.equal(`${server.url}/orgs/Octo-Org`);
    expect(created.body).to.deep.include({
      login: 'Octo-Org',
      url: `${server.url}/orgs/Octo-Org`,
      members_url: `${server.url}/orgs/Octo-Org/members{/member}`,
      description: null,
      node_id: Buffer.from(`012:Organization${created.body.id}`).toString('base64'),
    });
    const users = await call(server, 'GET', '/users?per_page=100', null);
    expect(users.body.map((user: { id: number }) => user.id)).to.include(created.body.id);
  });

  it('shares the login namespace with users: a taken login in any case is 422 already_exists', async () => {
    for (const login of ['GITHUB', 'Octocat']) {
      const duplicate = await call(server, 'POST', '/admin/organizations', 'admin', { login, admin: 'octocat' });
      expect(duplicate.status).to.equal(422);
      expectSchema('validation-error', duplicate.body);
      expect(duplicate.body.errors).to.deep.equal([{ resource: 'Organization', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
    }
    const user = await call(server, 'POST', '/admin/users', 'admin', { login: 'github' });
    expect(user.status).to.equal(422);
  });

  it('answers bad input to POST /admin/organizations with 422 naming the field', async () => {
    const missing = await call(server, 'POST', '/admin/organizations', 'admin', { login: 'new-org' });
    expect(missing.body.errors).to.deep.equal([{ resource: 'Organization', field: 'admin', code: 'missing_field' }]);
    const wrongType = await call(server, 'POST', '/admin/organizations', 'admin', { login: 7, admin: 'octocat' });
    expect(wrongType.body.errors).to.deep.equal([{ resource: 'Organization', field: 'login', code: 'invalid' }]);
    const badLogin = await call(server, 'POST', '/admin/organizations', 'admin', { login: 'bad_login', admin: 'octocat' });
    expect(badLogin.status).to.equal(422);
    expect(badLogin.body.errors[0]).to.include({ resource: 'Organization', field: 'login', code: 'invalid' });
    const unknownAdmin = await call(server, 'POST', '/admin/organizations', 'admin', { login: 'new-org', admin: 'nobody' });
    expect(unknownAdmin.status).to.equal(422);
    expect(unknownAdmin.body.errors[0]).to.include({ resource: 'Organization', field: 'admin', code: 'invalid' });
    const orgAsAdmin = await call(server, 'POST', '/admin/organizations', 'admin', { login: 'new-org', admin: 'github' });
    expect(orgAsAdmin.status).to.equal(422);
    expect((await call(server, 'GET', '/orgs/new-org', null)).status).to.equal(404);
  });

  it('lets only site administrators create organizations', async () => {
    expect((await call(server, 'POST', '/admin/organizations', null, { login: 'x-org', admin: 'octocat' })).status).to.equal(401);
    const refused = await call(server, 'POST', '/admin/organizations', 'octocat', { login: 'x-org', admin: 'octocat' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Must be a site administrator.');
  });

  it('GET /orgs/{org} answers organization-full; the plan only to members, the settings only to owners', async () => {
    const anonymous = await call(server, 'GET', '/orgs/GitHub', null);
    expect(anonymous.status).to.equal(200);
    expect(anonymous.headers.get('etag')).to.match(/^W\/"/);
    expectSchema('organization-full', anonymous.body);
    expect(anonymous.body).to.deep.include({
      login: 'github',
      id: orgId,
      name: 'GitHub',
      type: 'Organization',
      has_organization_projects: true,
      has_repository_projects: true,
      public_repos: 0,
      followers: 0,
      archived_at: null,
      html_url: `${server.url}/github`,
    });
    expect(anonymous.body).not.to.have.any.keys('plan', 'default_repository_permission', 'total_private_repos');
    const member = await call(server, 'GET', '/orgs/github', 'hubot');
    expectSchema('organization-full', member.body);
    expect(member.body.plan).to.include({ name: 'enterprise', filled_seats: 2 });
    expect(member.body).not.to.have.any.keys('default_repository_permission', 'members_can_create_repositories');
    const stranger = await call(server, 'GET', '/orgs/github', 'stranger');
    expect(stranger.body).not.to.have.any.keys('plan');
    for (const owner of ['octocat', 'admin']) {
      const full = await call(server, 'GET', '/orgs/github', owner);
      expectSchema('organization-full', full.body);
      expect(full.body).to.include({ default_repository_permission: 'read', members_can_create_repositories: true, two_factor_requirement_enabled: false });
      expect(full.body.plan).to.include({ name: 'enterprise' });
    }
    expect((await call(server, 'GET', '/orgs/no-such-org', null)).status).to.equal(404);
    expect((await call(server, 'GET', '/orgs/octocat', null)).status).to.equal(404);
  });

  it('GET /users/{org} answers the organization as a public-user of type Organization', async () => {
    const account = await call(server, 'GET', '/users/github', null);
    expect(account.status).to.equal(200);
    expectSchema('public-user', account.body);
    expect(account.body).to.include({ login: 'github', id: orgId, type: 'Organization', site_admin: false, name: 'GitHub' });
    expect(account.body.node_id).to.equal(Buffer.from(`012:Organization${orgId}`).toString('base64'));
  });

  it('PATCH /orgs/{org} by an owner changes the settings, and every read shows them', async () => {
    const changes = {
      name: 'GitHub, Inc.',
      description: 'How people build software',
      email: 'support@github.example',
      company: 'GitHub',
      blog: 'https://github.blog',
      location: 'San Francisco',
      twitter_username: 'github',
      has_organization_projects: false,
      has_repository_projects: false,
      default_repository_permission: 'write',
      members_can_create_repositories: false,
    };
    const patched = await call(server, 'PATCH', '/orgs/github', 'octocat', changes);
    expect(patched.status).to.equal(200);
    expectSchema('organization-full', patched.body);
    expect(patched.body).to.deep.include({ ...changes, members_allowed_repository_creation_type: 'none' });
    expect(Date.parse(patched.body.updated_at)).to.be.greaterThan(Date.parse(patched.body.created_at) - 1);
    const read = await call(server, 'GET', '/orgs/github', null);
    expect(read.body).to.include({ name: 'GitHub, Inc.', description: 'How people build software', has_organization_projects: false });
    const account = await call(server, 'GET', '/users/github', null);
    expectSchema('public-user', account.body);
    expect(account.body).to.include({ name: 'GitHub, Inc.', bio: 'How people build software', blog: 'https://github.blog', location: 'San Francisco' });
    const listed = await call(server, 'GET', '/organizations', null);
    expect(listed.body.find((org: { login: string }) => org.login === 'github').description).to.equal('How people build software');
  });

  it('PATCH /orgs/{org} clears a setting with null and changes nothing (no event) when nothing differs', async () => {
    const cleared = await call(server, 'PATCH', '/orgs/github', 'admin', { twitter_username: null, location: null });
    expect(cleared.status).to.equal(200);
    expect(cleared.body.twitter_username).to.equal(null);
    expect(cleared.body).not.to.have.property('location');
    const head = await server.runtime.adapters.eventStore.headPosition();
    const same = await call(server, 'PATCH', '/orgs/github', 'octocat', { name: 'GitHub, Inc.' });
    expect(same.status).to.equal(200);
    expect(await appendedSince(server, head)).to.deep.equal([]);
  });

  // Found by a fuzzing walk-through: an id, a login or a $set in the body went into the log
  // and the read model (the organization renamed and broken, the next replay stuck).
  it('PATCH /orgs/{org} ignores fields it does not take', async () => {
    const before = (await call(server, 'GET', '/orgs/github', 'octocat')).body;
    const patched = await call(server, 'PATCH', '/orgs/github', 'octocat', {
      description: 'ignores the rest',
      id: 777,
      login: 'hijack',
      created_at: '1999-01-01T00:00:00Z',
      $set: { x: 1 },
    });
    expect(patched.status).to.equal(200);
    expect(patched.body).to.include({ id: before.id, login: 'github', created_at: before.created_at, description: 'ignores the rest' });
    expect((await call(server, 'GET', '/orgs/github', 'octocat')).body).to.include({ id: before.id, login: 'github' });
    expect((await call(server, 'GET', '/orgs/hijack', 'octocat')).status).to.equal(404);
  });

  it('PATCH /orgs/{org} refuses members and strangers (403), anonymous callers (401), unknown organizations (404)', async () => {
    for (const login of ['hubot', 'stranger']) {
      const refused = await call(server, 'PATCH', '/orgs/github', login, { name: 'Hijacked' });
      expect(refused.status).to.equal(403);
      expectSchema('basic-error', refused.body);
      expect(refused.body.message).to.equal('Must be an organization owner.');
    }
    expect((await call(server, 'PATCH', '/orgs/github', null, { name: 'Hijacked' })).status).to.equal(401);
    expect((await call(server, 'PATCH', '/orgs/nowhere', 'admin', { name: 'x' })).status).to.equal(404);
    expect((await call(server, 'GET', '/orgs/github', null)).body.name).to.equal('GitHub, Inc.');
  });

  it('PATCH /orgs/{org} answers values of the wrong type or an invalid email with 422', async () => {
    const wrongType = await call(server, 'PATCH', '/orgs/github', 'octocat', { has_organization_projects: 'yes', default_repository_permission: 'owner' });
    expect(wrongType.status).to.equal(422);
    expect(wrongType.body.errors).to.deep.equal([
      { resource: 'Organization', field: 'has_organization_projects', code: 'invalid' },
      { resource: 'Organization', field: 'default_repository_permission', code: 'invalid' },
    ]);
    const badEmail = await call(server, 'PATCH', '/orgs/github', 'octocat', { email: 'nope' });
    expect(badEmail.body.errors).to.deep.equal([{ resource: 'Organization', field: 'email', code: 'invalid' }]);
    const notObject = await call(server, 'PATCH', '/orgs/github', 'octocat', ['name']);
    expect(notObject.status).to.equal(422);
  });

  it('GET /organizations pages by since, with a Link to the next page until the last', async () => {
    for (const login of ['org-a', 'org-b']) await createOrganization(server, login, 'octocat');
    const seen: string[] = [];
    let next: string | null = `${server.url}/organizations?per_page=2`;
    let pages = 0;
    while (next) {
      const response: Response = await fetch(next);
      const body = await response.json();
      expectArrayOf('organization-simple', body);
      seen.push(...body.map((org: { login: string }) => org.login));
      next = nextLink(response.headers);
      pages++;
    }
    expect(seen).to.deep.equal(['github', 'Octo-Org', 'org-a', 'org-b']);
    expect(pages).to.equal(2);
    const first = await fetch(`${server.url}/organizations?per_page=2`);
    expect(first.headers.get('link')).to.equal(`<${server.url}/organizations?per_page=2&since=${(await first.json())[1].id}>; rel="next"`);
  });
});
