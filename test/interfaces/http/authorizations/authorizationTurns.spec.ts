import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

const SCOPES = ['repo', 'gist', 'user', 'admin:public_key', 'delete_repo', 'admin:org', 'notifications', 'workflow', 'write:packages', 'admin:gpg_key'];

// A token's changes are decided on its own stream: many at once take turns in a process
// rather than racing for its revision, and none is lost.
describe('HTTP OAuth authorizations: one token changed by many requests at once', () => {
  let server: TestServer;
  let ada: string;
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
  });
  after(async () => server.close());

  it('ten add_scopes at once: every answer 200, and the token holds the ten scopes', async () => {
    const token = (await api(server, ada, 'POST', '/authorizations', { note: 'busy token' })).body;
    const answers = await Promise.all(SCOPES.map((scope) => api(server, ada, 'PATCH', `/authorizations/${token.id}`, { add_scopes: [scope] })));
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.find((answer) => answer.status !== 200)?.body),
    ).to.deep.equal(SCOPES.map(() => 200));
    const held = (await api(server, ada, 'GET', `/authorizations/${token.id}`)).body.scopes as string[];
    expect([...held].sort()).to.deep.equal([...SCOPES].sort());
  });
});
