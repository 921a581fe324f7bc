import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

// Names are reserved on streams of their own; a rename reserves the new name and releases the
// old. Renamed five ways at once, a thing ends with one name, and every other name is free
// again at once (not after the orphan reservations' grace, nor never).
describe('HTTP repository renames sent at once: names the repository does not carry are free', () => {
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
  });
  after(async () => server.close());

  const names = (prefix: string) => [prefix, ...Array.from({ length: 5 }, (_, n) => `${prefix}-${n}`)];

  it('a repository renamed five ways', async () => {
    const repository = await createRepository(server, owner, { name: 'moving' });
    const renames = await Promise.all(Array.from({ length: 5 }, (_, n) => api(server, owner, 'PATCH', '/repos/octocat/moving', { name: `moving-${n}` })));
    // Each is decided against the name the repository has then; one sent after another has
    // landed is redirected to the new name (307), as GitHub redirects a renamed repository.
    for (const rename of renames) expect(rename.status, JSON.stringify(rename.body)).to.be.oneOf([200, 307]);
    const now = (await api(server, owner, 'GET', `/repositories/${repository.id}`)).body.name as string;
    expect(names('moving')).to.include(now);
    for (const name of names('moving').filter((each) => each !== now)) {
      const created = await api(server, owner, 'POST', '/user/repos', { name });
      expect(created.status, `${name}: ${JSON.stringify(created.body)}`).to.equal(201);
    }
  });
});
