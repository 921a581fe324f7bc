import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createUsers } from './organizationFixtures.js';

// Follows are recorded in the follower's stream: one user following many at once takes turns
// in a process rather than racing for that stream's revision, and the counts follow the edges.
describe('HTTP users: one user following many at once', () => {
  let server: TestServer;
  const logins = Array.from({ length: 40 }, (_, index) => `idol${index}`);
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['fan', ...logins]);
  });
  after(async () => server.close());

  const following = async () =>
    ((await call(server, 'GET', '/user/following?per_page=100', 'fan')).body as { login: string }[]).map((user) => user.login).sort();

  it('forty follows at once: every answer 204, following is forty, and each followed has one follower', async () => {
    const answers = await Promise.all(logins.map((login) => call(server, 'PUT', `/user/following/${login}`, 'fan')));
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.find((answer) => answer.status !== 204)?.body),
    ).to.deep.equal(logins.map(() => 204));
    expect(await following()).to.deep.equal([...logins].sort());
    expect((await call(server, 'GET', '/user', 'fan')).body.following).to.equal(40);
    for (const login of logins) expect((await call(server, 'GET', `/users/${login}`, null)).body.followers, login).to.equal(1);
  });

  it('forty unfollows at once: every answer 204, and every count is back to zero', async () => {
    const answers = await Promise.all(logins.map((login) => call(server, 'DELETE', `/user/following/${login}`, 'fan')));
    expect(answers.map((answer) => answer.status)).to.deep.equal(logins.map(() => 204));
    expect(await following()).to.deep.equal([]);
    expect((await call(server, 'GET', '/user', 'fan')).body.following).to.equal(0);
    for (const login of logins) expect((await call(server, 'GET', `/users/${login}`, null)).body.followers, login).to.equal(0);
  });
});
