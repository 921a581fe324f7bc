import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';

// A personal token's note must be present as GitHub reads it (Rails' presence): a note of
// blanks is none, refused on POST and PATCH as a missing one is (missing_field description).
describe('HTTP OAuth authorizations: a note of blanks is no note', () => {
  let server: TestServer;
  let ada: string;
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
  });
  after(async () => server.close());

  const missing = [{ resource: 'OauthAccess', field: 'description', code: 'missing_field' }];

  it('POST with a note of spaces answers 422 missing_field; nothing is created', async () => {
    for (const note of ['   ', '\t\n']) {
      const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo'], note });
      expect(created.status, JSON.stringify(note)).to.equal(422);
      expect(created.body.errors).to.deep.equal(missing);
    }
    expect((await api(server, ada, 'GET', '/authorizations')).body).to.deep.equal([]);
  });

  it("PATCH to a note of spaces answers 422 missing_field; the token's note is kept", async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { note: 'laptop' });
    expect(created.status).to.equal(201);
    const patched = await api(server, ada, 'PATCH', `/authorizations/${created.body.id}`, { note: '  ' });
    expect(patched.status).to.equal(422);
    expect(patched.body.errors).to.deep.equal(missing);
    expect((await api(server, ada, 'GET', `/authorizations/${created.body.id}`)).body.note).to.equal('laptop');
  });
});
