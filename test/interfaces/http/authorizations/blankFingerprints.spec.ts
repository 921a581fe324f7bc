import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { registerApplication } from './authorizationsFixtures.js';

const alreadyExists = { message: 'Validation Failed', errors: [{ resource: 'OauthAccess', code: 'already_exists', field: 'fingerprint' }] };

// A blank fingerprint is none (GitHub reads it with present?), in POST and PATCH as in
// get-or-create's body: it made a second token of the application "without" a fingerprint,
// shown as "", beside the one get-or-create finds.
describe('HTTP OAuth authorizations: a blank fingerprint in POST and PATCH is none', () => {
  let server: TestServer;
  let app: { clientId: string; clientSecret: string };
  before(async () => {
    server = await startTestServer();
    app = await registerApplication(server);
  });
  after(async () => server.close());

  it('POST with a blank fingerprint makes the token without one, which get-or-create then finds; a second is refused', async () => {
    const ada = await createUser(server, 'ada');
    const credentials = { client_id: app.clientId, client_secret: app.clientSecret };
    const created = await api(server, ada, 'POST', '/authorizations', { ...credentials, fingerprint: '' });
    expect(created.status).to.equal(201);
    expect(created.body.fingerprint).to.equal(null);
    const found = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}`, { client_secret: app.clientSecret });
    expect(found.status).to.equal(200);
    expect(found.body.id).to.equal(created.body.id);
    for (const fingerprint of ['', '   ', null]) {
      const again = await api(server, ada, 'POST', '/authorizations', { ...credentials, fingerprint });
      expect(again.status, JSON.stringify(fingerprint)).to.equal(422);
      expect(again.body).to.deep.include(alreadyExists);
    }
    expect((await api(server, ada, 'GET', '/authorizations')).body).to.have.length(1);
  });

  it("PATCH with a blank fingerprint takes the token's away (null), refused while another token of the application has none", async () => {
    const bea = await createUser(server, 'bea');
    const desk = await api(server, bea, 'PUT', `/authorizations/clients/${app.clientId}/desk`, { client_secret: app.clientSecret });
    const cleared = await api(server, bea, 'PATCH', `/authorizations/${desk.body.id}`, { fingerprint: '  ' });
    expect(cleared.status).to.equal(200);
    expect(cleared.body.fingerprint).to.equal(null);
    expect((await api(server, bea, 'PUT', `/authorizations/clients/${app.clientId}`, { client_secret: app.clientSecret })).body.id).to.equal(desk.body.id);
    const laptop = await api(server, bea, 'PUT', `/authorizations/clients/${app.clientId}/laptop`, { client_secret: app.clientSecret });
    const refused = await api(server, bea, 'PATCH', `/authorizations/${laptop.body.id}`, { fingerprint: '' });
    expect(refused.status).to.equal(422);
    expect(refused.body).to.deep.include(alreadyExists);
    expect((await api(server, bea, 'GET', `/authorizations/${laptop.body.id}`)).body.fingerprint).to.equal('laptop');
  });
});
