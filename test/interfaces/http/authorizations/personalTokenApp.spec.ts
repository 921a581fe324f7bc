import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

// A personal token's `app`, as GitHub's recorded answers show it (2015 on): named by the note
// itself, and pointing at the note_url when the token has one (GitHub's page otherwise).
describe("HTTP OAuth authorizations: a personal token's app", () => {
  let server: TestServer;
  let ada: string;
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
  });
  after(async () => server.close());

  it('is named by the note and points at the note_url; a later PATCH of either shows in every read', async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo'], note: 'Deploy tool', note_url: 'https://tool.example.com' });
    expect(created.status).to.equal(201);
    expectSchema('authorization', created.body);
    expect(created.body.app).to.deep.equal({ client_id: '00000000000000000000', name: 'Deploy tool', url: 'https://tool.example.com' });
    const plain = await api(server, ada, 'POST', '/authorizations', { note: 'laptop' });
    expect(plain.body.app).to.deep.equal({
      client_id: '00000000000000000000',
      name: 'laptop',
      url: 'https://docs.github.com/rest/oauth-authorizations/oauth-authorizations',
    });
    const patched = await api(server, ada, 'PATCH', `/authorizations/${plain.body.id}`, { note: 'desktop', note_url: 'https://desk.example.com' });
    expect(patched.status).to.equal(200);
    expect(patched.body.app).to.include({ name: 'desktop', url: 'https://desk.example.com' });
    const listed = await api(server, ada, 'GET', '/authorizations');
    expect(listed.body.map((authorization: any) => authorization.app.name).sort()).to.deep.equal(['Deploy tool', 'desktop']);
  });
});
