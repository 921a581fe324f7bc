import { expect } from 'chai';
import { EnableTwoFactorHandler } from '../../../../application/accounts/enableTwoFactor.handler.js';
import { DisableTwoFactorHandler } from '../../../../application/accounts/disableTwoFactor.handler.js';
import { systemContext } from '../../../../application/shared/commandContext.js';
import { readModelsIn } from '../../../support/projectionSpec.js';
import { runCli } from '../../../support/runCli.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createOrganization, createUsers } from './organizationFixtures.js';

const logins = (body: { login: string }[]) => body.map((account) => account.login);

// GitHub's GET /orgs/{org}/members?filter=2fa_disabled: the members without two-factor
// authentication, for the organization's owners.
describe('HTTP organization members without two-factor authentication (filter=2fa_disabled)', () => {
  let server: TestServer;
  const enable = (login: string) => server.runtime.container.get(EnableTwoFactorHandler).execute(login, systemContext(new Date()));
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['octocat', 'hubot', 'mona', 'lisa']);
    // Enabled before joining: the membership starts with it.
    await enable('hubot');
    await createOrganization(server, 'github', 'octocat');
    for (const login of ['hubot', 'mona', 'lisa']) expect((await call(server, 'PUT', `/orgs/github/memberships/${login}`, 'octocat')).status).to.equal(200);
    // Enabled after joining: the membership follows.
    await enable('mona');
  });
  after(async () => server.close());

  it('lists an owner the members without it, by role too, paged and counted; without the filter, everyone', async () => {
    const disabled = await call(server, 'GET', '/orgs/github/members?filter=2fa_disabled', 'octocat');
    expect(disabled.status).to.equal(200);
    expect(logins(disabled.body)).to.deep.equal(['octocat', 'lisa']);
    expect(logins((await call(server, 'GET', '/orgs/github/members?filter=2fa_disabled&role=member', 'octocat')).body)).to.deep.equal(['lisa']);
    const paged = await call(server, 'GET', '/orgs/github/members?filter=2fa_disabled&per_page=1', 'octocat');
    expect(paged.headers.get('link')).to.contain('filter=2fa_disabled');
    expect(paged.headers.get('link')).to.contain('page=2>; rel="last"');
    expect(logins((await call(server, 'GET', '/orgs/github/members?filter=all', 'octocat')).body)).to.deep.equal(['octocat', 'hubot', 'mona', 'lisa']);
    expect(logins((await call(server, 'GET', '/orgs/github/members?filter=2fa_disabled', 'admin')).body)).to.deep.equal(['octocat', 'lisa']);
  });

  it('follows a member turning it off; refuses the filter to members and outsiders (422), and a filter it does not know', async () => {
    const user = await call(server, 'GET', '/users/mona', null);
    await server.runtime.container.get(DisableTwoFactorHandler).execute(user.body.login, systemContext(new Date()));
    expect(logins((await call(server, 'GET', '/orgs/github/members?filter=2fa_disabled', 'octocat')).body)).to.deep.equal(['octocat', 'mona', 'lisa']);
    for (const caller of ['lisa', null]) {
      const refused = await call(server, 'GET', '/orgs/github/members?filter=2fa_disabled', caller);
      expect(refused.status).to.equal(422);
      expect(refused.body.message).to.equal('Only owners can use this filter.');
    }
    expect((await call(server, 'GET', '/orgs/github/members?filter=none', 'octocat')).status).to.equal(422);
  });

  it('a rebuild gives the same memberships, their two-factor state included', async () => {
    await server.stop();
    const before = await readModelsIn(server.dataDir);
    const states = (before.org_memberships as { user_id: number; two_factor: boolean }[]).map((membership) => membership.two_factor);
    expect(states).to.deep.equal([false, true, false, false]);
    const { code } = await runCli(['rebuild', 'organizations'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    expect(await readModelsIn(server.dataDir)).to.deep.equal(before);
  });
});
