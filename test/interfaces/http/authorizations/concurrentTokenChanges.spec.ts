import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

const SCOPES = ['repo', 'user', 'gist', 'notifications', 'read:org', 'workflow', 'write:packages', 'admin:repo_hook', 'delete_repo', 'project'];

// One token's changes take turns: scopes added by ten requests at once all count, and none is
// refused for another's revision (some answered 409).
describe("HTTP authorizations: one token's scopes changed by many requests at once", () => {
  let server: TestServer;
  let octocat: string;
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
  });
  after(async () => server.close());

  it('answers each of ten add_scopes sent at once 200, and the token ends with every scope added', async () => {
    const created = await api(server, octocat, 'POST', '/authorizations', { scopes: [], note: 'widened at once' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const changed = await Promise.all(SCOPES.map((scope) => api(server, octocat, 'PATCH', `/authorizations/${created.body.id}`, { add_scopes: [scope] })));
    expect(changed.map((answer) => answer.status)).to.deep.equal(SCOPES.map(() => 200));
    const token = await api(server, octocat, 'GET', `/authorizations/${created.body.id}`);
    expect([...(token.body.scopes as string[])].sort()).to.deep.equal([...SCOPES].sort());
  });
});
