import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createOrganization, createUsers } from './organizationFixtures.js';

// An organization's memberships live on its one stream (the last-owner rule spans them): many
// changes at once take turns in a process rather than racing for its revision.
describe('HTTP organizations: memberships changed by many requests at once', () => {
  let server: TestServer;
  const logins = Array.from({ length: 40 }, (_, index) => `newcomer${index}`);
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['founder', ...logins]);
    await createOrganization(server, 'crowd', 'founder');
  });
  after(async () => server.close());

  const members = async () => {
    const listed = await call(server, 'GET', '/orgs/crowd/members?per_page=100', 'founder');
    return (listed.body as { login: string }[]).map((member) => member.login).sort();
  };

  it('forty added at once: every one 200 active, and forty-one members listed', async () => {
    const answers = await Promise.all(logins.map((login) => call(server, 'PUT', `/orgs/crowd/memberships/${login}`, 'founder', { role: 'member' })));
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.find((answer) => answer.status !== 200)?.body),
    ).to.deep.equal(logins.map(() => 200));
    expect(answers.map((answer) => [answer.body.user.login, answer.body.state, answer.body.role])).to.deep.equal(
      logins.map((login) => [login, 'active', 'member']),
    );
    expect(await members()).to.deep.equal(['founder', ...logins].sort());
  });

  it('forty removed while forty are made admins at once: no answer asks to try again, and the list is what the answers said', async () => {
    const answers = await Promise.all(
      logins.map((login, index) =>
        index % 2 === 0
          ? call(server, 'DELETE', `/orgs/crowd/memberships/${login}`, 'founder')
          : call(server, 'PUT', `/orgs/crowd/memberships/${login}`, 'founder', { role: 'admin' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).to.deep.equal(logins.map((_, index) => (index % 2 === 0 ? 204 : 200)));
    expect(await members()).to.deep.equal(['founder', ...logins.filter((_, index) => index % 2 === 1)].sort());
    const admins = await call(server, 'GET', '/orgs/crowd/members?role=admin&per_page=100', 'founder');
    expect((admins.body as { login: string }[]).map((member) => member.login).sort()).to.deep.equal(
      ['founder', ...logins.filter((_, index) => index % 2 === 1)].sort(),
    );
  });
});
