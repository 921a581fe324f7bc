import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

// A login is reserved on a stream of its own; a rename reserves the new login and releases the
// old. Renamed five ways at once, a user ends with one login, and every other login is free
// again at once (not after the orphan reservations' grace).
describe('HTTP user renames sent at once: logins the user does not carry are free', () => {
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
});
