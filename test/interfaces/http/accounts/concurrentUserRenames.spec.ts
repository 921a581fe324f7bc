import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

// A login is reserved on a stream of its own; a rename reserves the new login and releases the
// old. Renamed five ways at once, a user ends with one login, and every other login is free
// again at once (not after the orphan reservations' grace).
describe('HTTP user renames and email changes sent at once: logins and emails the user does not carry are free', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  const names = (prefix: string) => [prefix, ...Array.from({ length: 5 }, (_, n) => `${prefix}-${n}`)];

  it('a user renamed five ways', async () => {
    const user = await createUser(server, 'mover');
    const id = (await api(server, user, 'GET', '/user')).body.id as number;
    const renames = await Promise.all(
      Array.from({ length: 5 }, (_, n) => api(server, server.adminAuthorization, 'PATCH', '/admin/users/mover', { login: `mover-${n}` })),
    );
    // One sent after another has landed finds no user of the old login (404).
    for (const rename of renames) expect(rename.status, JSON.stringify(rename.body)).to.be.oneOf([202, 404]);
    const now = (await api(server, null, 'GET', `/user/${id}`)).body.login as string;
    expect(names('mover')).to.include(now);
    for (const login of names('mover').filter((each) => each !== now)) {
      const created = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login, email: `${login}@elsewhere.example.com` });
      expect(created.status, `${login}: ${JSON.stringify(created.body)}`).to.equal(201);
    }
  });

  it("a user's email changed five ways", async () => {
    const user = await createUser(server, 'mailer');
    const emails = ['mailer@example.com', ...Array.from({ length: 5 }, (_, n) => `mailer-${n}@example.com`)];
    const changes = await Promise.all(emails.slice(1).map((email) => api(server, user, 'PATCH', '/user', { email })));
    for (const change of changes) expect(change.status, JSON.stringify(change.body)).to.equal(200);
    const now = (await api(server, user, 'GET', '/user')).body.email as string;
    expect(emails).to.include(now);
    for (const [n, email] of emails.entries()) {
      if (email === now) continue;
      const created = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login: `other-${n}`, email });
      expect(created.status, `${email}: ${JSON.stringify(created.body)}`).to.equal(201);
    }
  });
});
