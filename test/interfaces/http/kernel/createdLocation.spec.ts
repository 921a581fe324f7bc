import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

// GitHub answers every creation with `Location`, the new resource's API URL.
describe("201 Created carries Location, the new resource's url", () => {
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'locator');
    await createUser(server, 'invitee');
  });
  after(async () => server.close());

  it('for a repository, an issue, a comment, a label, a milestone and an invitation', async () => {
    const creations: Array<[string, string, unknown]> = [
      ['POST', '/user/repos', { name: 'located', auto_init: true }],
      ['POST', '/repos/locator/located/issues', { title: 'where' }],
      ['POST', '/repos/locator/located/issues/1/comments', { body: 'here' }],
      ['POST', '/repos/locator/located/labels', { name: 'found', color: 'C0FFEE' }],
      ['POST', '/repos/locator/located/milestones', { title: 'v1' }],
      ['PUT', '/repos/locator/located/collaborators/invitee', { permission: 'push' }],
    ];
    for (const [method, path, body] of creations) {
      const created = await api(server, owner, method, path, body);
      expect(created.status, `${method} ${path}: ${JSON.stringify(created.body)}`).to.equal(201);
      expect(created.body.url, path).to.be.a('string');
      expect(created.headers.get('location'), path).to.equal(created.body.url);
    }
  });

  it('and an answer that is not a creation has none', async () => {
    const read = await api(server, owner, 'GET', '/repos/locator/located');
    expect(read.status).to.equal(200);
    expect(read.headers.get('location')).to.equal(null);
  });
});
