import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { anonymousOctokit, basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../../../support/testServer.js';
import { createUsers, PASSWORD } from './organizationFixtures.js';

async function expectStatus(promise: Promise<unknown>, status: number): Promise<{ message: string }> {
  try {
    await promise;
  } catch (error) {
    const requestError = error as { status: number; response: { data: { message: string } } };
    expect(requestError.status).to.equal(status);
    return requestError.response.data;
  }
  return expect.fail(`expected a ${status}`);
}

describe('HTTP organizations (@octokit/rest 20.1.0)', () => {
  let server: TestServer;
  let admin: Octokit;
  let octocat: Octokit;
  let hubot: Octokit;
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['octocat', 'hubot']);
    admin = basicOctokit(server, 'admin', ADMIN_PASSWORD);
    octocat = basicOctokit(server, 'octocat', PASSWORD);
    hubot = basicOctokit(server, 'hubot', PASSWORD);
  });
  after(async () => server.close());

  it('creates an organization through the site-admin route and reads it with orgs.get', async () => {
    const created = await admin.request('POST /admin/organizations', { login: 'octo-org', admin: 'octocat', profile_name: 'Octo Org' });
    expect(created.status).to.equal(201);
    expectSchema('organization-simple', created.data);
    const read = await octocat.rest.orgs.get({ org: 'octo-org' });
    expectSchema('organization-full', read.data);
    expect(read.data).to.include({ login: 'octo-org', id: (created.data as { id: number }).id, name: 'Octo Org', default_repository_permission: 'read' });
    const anonymous = await anonymousOctokit(server).rest.orgs.get({ org: 'octo-org' });
    expect(anonymous.data.plan).to.equal(undefined);
    const account = await anonymousOctokit(server).rest.users.getByUsername({ username: 'octo-org' });
    expectSchema('public-user', account.data);
    expect(account.data.type).to.equal('Organization');
  });

  it('orgs.update changes the settings for an owner and is refused to others', async () => {
    const updated = await octocat.rest.orgs.update({
      org: 'octo-org',
      description: 'Octo things',
      has_repository_projects: false,
      members_can_create_repositories: false,
    });
    expectSchema('organization-full', updated.data);
    expect(updated.data).to.include({ description: 'Octo things', has_repository_projects: false, members_can_create_repositories: false });
    const refused = await expectStatus(hubot.rest.orgs.update({ org: 'octo-org', description: 'mine now' }), 403);
    expect(refused.message).to.equal('Must be an organization owner.');
  });

  it('orgs.list pages with since', async () => {
    await admin.request('POST /admin/organizations', { login: 'second-org', admin: 'hubot' });
    const first = await anonymousOctokit(server).rest.orgs.list({ per_page: 1 });
    expectArrayOf('organization-simple', first.data);
    expect(first.data.map((org) => org.login)).to.deep.equal(['octo-org']);
    expect(first.headers.link).to.contain('rel="next"');
    const second = await anonymousOctokit(server).rest.orgs.list({ per_page: 1, since: first.data[0]!.id });
    expect(second.data.map((org) => org.login)).to.deep.equal(['second-org']);
  });

  it('memberships: set, get, check, list, list for users, remove', async () => {
    const set = await octocat.rest.orgs.setMembershipForUser({ org: 'octo-org', username: 'hubot', role: 'admin' });
    expectSchema('org-membership', set.data);
    expect(set.data).to.include({ role: 'admin', state: 'active' });
    const demoted = await octocat.rest.orgs.setMembershipForUser({ org: 'octo-org', username: 'hubot', role: 'member' });
    expect(demoted.data.role).to.equal('member');
    const got = await hubot.rest.orgs.getMembershipForUser({ org: 'octo-org', username: 'octocat' });
    expectSchema('org-membership', got.data);
    expect(got.data.role).to.equal('admin');
    expect((await octocat.rest.orgs.checkMembershipForUser({ org: 'octo-org', username: 'hubot' })).status).to.equal(204);
    // Concealed memberships: those outside see none until a member publicizes theirs.
    await expectStatus(anonymousOctokit(server).rest.orgs.checkMembershipForUser({ org: 'octo-org', username: 'hubot' }), 404);
    expect((await anonymousOctokit(server).rest.orgs.listMembers({ org: 'octo-org' })).data).to.deep.equal([]);
    expect((await hubot.rest.orgs.setPublicMembershipForAuthenticatedUser({ org: 'octo-org', username: 'hubot' })).status).to.equal(204);
    expect((await anonymousOctokit(server).rest.orgs.checkMembershipForUser({ org: 'octo-org', username: 'hubot' })).status).to.equal(204);
    expect((await anonymousOctokit(server).rest.orgs.checkPublicMembershipForUser({ org: 'octo-org', username: 'hubot' })).status).to.equal(204);
    const shown = await anonymousOctokit(server).rest.orgs.listPublicMembers({ org: 'octo-org' });
    expectArrayOf('simple-user', shown.data);
    expect(shown.data.map((user) => user.login)).to.deep.equal(['hubot']);
    const members = await anonymousOctokit(server).rest.orgs.listMembers({ org: 'octo-org', role: 'member' });
    expectArrayOf('simple-user', members.data);
    expect(members.data.map((user) => user.login)).to.deep.equal(['hubot']);
    const mine = await hubot.rest.orgs.listForAuthenticatedUser();
    expectArrayOf('organization-simple', mine.data);
    expect(mine.data.map((org) => org.login)).to.deep.equal(['octo-org', 'second-org']);
    expect((await anonymousOctokit(server).rest.orgs.listForUser({ username: 'octocat' })).data).to.deep.equal([]);
    await octocat.rest.orgs.setPublicMembershipForAuthenticatedUser({ org: 'octo-org', username: 'octocat' });
    const octocats = await anonymousOctokit(server).rest.orgs.listForUser({ username: 'octocat' });
    expect(octocats.data.map((org) => org.login)).to.deep.equal(['octo-org']);
    const removed = await octocat.rest.orgs.removeMembershipForUser({ org: 'octo-org', username: 'hubot' });
    expect(removed.status).to.equal(204);
    await expectStatus(anonymousOctokit(server).rest.orgs.checkMembershipForUser({ org: 'octo-org', username: 'hubot' }), 404);
    await expectStatus(octocat.rest.orgs.getMembershipForUser({ org: 'octo-org', username: 'hubot' }), 404);
    const last = await expectStatus(admin.rest.orgs.removeMembershipForUser({ org: 'octo-org', username: 'octocat' }), 403);
    expect(last.message).to.equal('Cannot remove or demote the last owner of an organization.');
  });
});
