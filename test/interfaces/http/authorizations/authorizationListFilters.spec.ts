import { expect } from 'chai';
import { expectArrayOf } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { registerApplication } from './authorizationsFixtures.js';

// GitHub's lists take `client_id` (Rails params: `client_id=x`, or `client_id[]=x&client_id[]=y`
// for several): GET /authorizations lists that application's tokens, GET /applications/grants
// its grant. Get-or-create takes a blank body fingerprint as none.
describe('HTTP OAuth authorizations: client_id filters, blank fingerprints', () => {
  let server: TestServer;
  let ada: string;
  let ci: { clientId: string; clientSecret: string };
  let other: { clientId: string; clientSecret: string };
  const ids = (body: { id: number }[]) => body.map((entry) => entry.id);

  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
    ci = await registerApplication(server);
    const registered = await api(server, server.adminAuthorization, 'POST', '/admin/oauth-applications', {
      name: 'Other',
      url: 'https://other.example.com',
      callback_url: 'https://other.example.com/cb',
    });
    other = { clientId: registered.body.client_id, clientSecret: registered.body.client_secret };
  });
  after(async () => server.close());

  it('GET /authorizations?client_id= lists that application’s tokens only, paged and counted for the filter', async () => {
    const personal = await api(server, ada, 'POST', '/authorizations', { note: 'laptop' });
    const ciTokens = [];
    for (const fingerprint of ['a', 'b', 'c']) {
      ciTokens.push((await api(server, ada, 'PUT', `/authorizations/clients/${ci.clientId}/${fingerprint}`, { client_secret: ci.clientSecret })).body.id);
    }
    const otherToken = (await api(server, ada, 'PUT', `/authorizations/clients/${other.clientId}`, { client_secret: other.clientSecret })).body.id;

    const onlyCi = await api(server, ada, 'GET', `/authorizations?client_id=${ci.clientId}`);
    expect(onlyCi.status).to.equal(200);
    expectArrayOf('authorization', onlyCi.body);
    expect(ids(onlyCi.body)).to.deep.equal(ciTokens);

    const firstPage = await api(server, ada, 'GET', `/authorizations?client_id=${ci.clientId}&per_page=2`);
    expect(ids(firstPage.body)).to.deep.equal(ciTokens.slice(0, 2));
    expect(firstPage.headers.get('link')).to.contain(`client_id=${ci.clientId}&per_page=2&page=2>; rel="last"`);
    expect(ids((await api(server, ada, 'GET', `/authorizations?client_id=${ci.clientId}&per_page=2&page=2`)).body)).to.deep.equal(ciTokens.slice(2));

    // Several, as Rails reads client_id[]; a repeated plain one takes its last value.
    const both = await api(server, ada, 'GET', `/authorizations?client_id[]=${other.clientId}&client_id[]=${ci.clientId}`);
    expect(ids(both.body)).to.deep.equal([...ciTokens, otherToken]);
    expect(ids((await api(server, ada, 'GET', `/authorizations?client_id=${ci.clientId}&client_id=${other.clientId}`)).body)).to.deep.equal([otherToken]);

    expect((await api(server, ada, 'GET', '/authorizations?client_id=ffffffffffffffffffff')).body).to.deep.equal([]);
    // An empty one filters nothing.
    expect(ids((await api(server, ada, 'GET', '/authorizations?client_id=')).body)).to.deep.equal([personal.body.id, ...ciTokens, otherToken]);
  });

  it('GET /applications/grants?client_id[]= lists the grants of the applications named', async () => {
    const grants = (await api(server, ada, 'GET', '/applications/grants')).body as { id: number; app: { client_id: string } }[];
    const grantOf = (clientId: string) => grants.find((grant) => grant.app.client_id === clientId)!.id;
    const named = await api(server, ada, 'GET', `/applications/grants?client_id[]=${other.clientId}`);
    expectArrayOf('application-grant', named.body);
    expect(ids(named.body)).to.deep.equal([grantOf(other.clientId)]);
    expect(ids((await api(server, ada, 'GET', `/applications/grants?client_id[]=${ci.clientId}&client_id[]=${other.clientId}`)).body)).to.deep.equal(
      [grantOf(ci.clientId), grantOf(other.clientId)].sort((a, b) => a - b),
    );
    expect((await api(server, ada, 'GET', '/applications/grants?client_id[]=ffffffffffffffffffff')).body).to.deep.equal([]);
  });

  it('PUT /authorizations/clients/{client_id} with a blank fingerprint in the body answers the token without one', async () => {
    const bea = await createUser(server, 'bea');
    const plain = await api(server, bea, 'PUT', `/authorizations/clients/${ci.clientId}`, { client_secret: ci.clientSecret, scopes: ['gist'] });
    expect(plain.status).to.equal(201);
    for (const fingerprint of ['', '  ']) {
      const again = await api(server, bea, 'PUT', `/authorizations/clients/${ci.clientId}`, { client_secret: ci.clientSecret, fingerprint });
      expect(again.status, JSON.stringify(fingerprint)).to.equal(200);
      expect(again.body).to.include({ id: plain.body.id, fingerprint: null, token: '' });
    }
  });

  it('GET /authorizations/{id} with a repeated as_of answers 422, as projects do', async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { note: 'as of' });
    const repeated = await api(server, ada, 'GET', `/authorizations/${created.body.id}?as_of=2030-01-01T00:00:00Z&as_of=2031-01-01T00:00:00Z`);
    expect(repeated.status).to.equal(422);
    expect(repeated.body.errors).to.deep.equal([
      { resource: 'OauthAccess', field: 'as_of', code: 'invalid', message: 'as_of must be one ISO 8601 instant, such as 2026-04-01T09:00:00Z' },
    ]);
  });
});
