import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { octokit16, registerApplication } from './authorizationsFixtures.js';

const alreadyExists = (field: string) => ({ message: 'Validation Failed', errors: [{ resource: 'OauthAccess', code: 'already_exists', field }] });

describe('HTTP OAuth authorizations: a note or fingerprint tells a token apart', () => {
  let server: TestServer;
  let ada: string;
  let app: { clientId: string; clientSecret: string };
  const ids = async (authorization: string) => ((await api(server, authorization, 'GET', '/authorizations')).body as { id: number }[]).map((entry) => entry.id);
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
    app = await registerApplication(server);
  });
  after(async () => server.close());

  it("a personal token's note is unique among the user's (422 already_exists on description); a deleted token's note is free again", async () => {
    const first = await api(server, ada, 'POST', '/authorizations', { note: 'test1' });
    expect(first.status).to.equal(201);
    const second = await api(server, ada, 'POST', '/authorizations', { note: 'test1', scopes: ['repo'] });
    expect(second.status).to.equal(422);
    expect(second.body).to.deep.include(alreadyExists('description'));
    expect(await ids(ada)).to.deep.equal([first.body.id]);
    const octokit = octokit16(server, 'ada', PASSWORD);
    const refused = await octokit.oauthAuthorizations.createAuthorization!({ note: 'test1' }).catch((error: { status: number }) => error);
    expect(refused.status).to.equal(422);
    const other = await api(server, ada, 'POST', '/authorizations', { note: 'test2' });
    const renamed = await api(server, ada, 'PATCH', `/authorizations/${other.body.id}`, { note: 'test1' });
    expect(renamed.status).to.equal(422);
    expect(renamed.body).to.deep.include(alreadyExists('description'));
    expect((await api(server, ada, 'GET', `/authorizations/${other.body.id}`)).body.note).to.equal('test2');
    expect((await api(server, ada, 'PATCH', `/authorizations/${first.body.id}`, { note: 'test1', scopes: ['gist'] })).status).to.equal(200);
    expect((await api(server, ada, 'PATCH', `/authorizations/${first.body.id}`, { note: 'test3' })).body.note).to.equal('test3');
    expect((await api(server, ada, 'PATCH', `/authorizations/${other.body.id}`, { note: 'test1' })).body.note).to.equal('test1');
    expect((await api(server, ada, 'DELETE', `/authorizations/${other.body.id}`)).status).to.equal(204);
    expect((await api(server, ada, 'POST', '/authorizations', { note: 'test1' })).status).to.equal(201);
  });

  it('a missing note is reported on field description, as GitHub does', async () => {
    const missing = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo'] });
    expect(missing.status).to.equal(422);
    expect(missing.body.errors).to.deep.equal([{ resource: 'OauthAccess', code: 'missing_field', field: 'description' }]);
  });

  it('eight simultaneous creations with one note: exactly one token', async () => {
    const bea = await createUser(server, 'bea');
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(server, bea, 'POST', '/authorizations', { note: 'same' })));
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([201, 422, 422, 422, 422, 422, 422, 422]);
    expect(await ids(bea)).to.deep.equal([answers.find((answer) => answer.status === 201)!.body.id]);
  });

  it("an application's fingerprint is unique per user: POST and PATCH refuse another's (already_exists), so get-or-create finds one", async () => {
    const credentials = { client_id: app.clientId, client_secret: app.clientSecret };
    const first = await api(server, ada, 'POST', '/authorizations', { ...credentials, fingerprint: 'desk', scopes: ['user'] });
    expect(first.status).to.equal(201);
    const copy = await api(server, ada, 'POST', '/authorizations', { ...credentials, fingerprint: 'desk' });
    expect(copy.status).to.equal(422);
    expect(copy.body).to.deep.include(alreadyExists('fingerprint'));
    const laptop = await api(server, ada, 'POST', '/authorizations', { ...credentials, fingerprint: 'laptop' });
    expect(laptop.status).to.equal(201);
    const copied = await api(server, ada, 'PATCH', `/authorizations/${laptop.body.id}`, { fingerprint: 'desk' });
    expect(copied.status).to.equal(422);
    expect(copied.body).to.deep.include(alreadyExists('fingerprint'));
    expect((await api(server, ada, 'GET', `/authorizations/${laptop.body.id}`)).body.fingerprint).to.equal('laptop');
    const found = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/desk`, { client_secret: app.clientSecret });
    expect(found.status).to.equal(200);
    expect(found.body.id).to.equal(first.body.id);
    // Moved away, the old fingerprint is free and the new one is the token's.
    expect((await api(server, ada, 'PATCH', `/authorizations/${laptop.body.id}`, { fingerprint: 'sofa' })).body.fingerprint).to.equal('sofa');
    const byNew = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/sofa`, { client_secret: app.clientSecret });
    expect([byNew.status, byNew.body.id]).to.deep.equal([200, laptop.body.id]);
    const byOld = await api(server, ada, 'POST', '/authorizations', { ...credentials, fingerprint: 'laptop' });
    expect(byOld.status).to.equal(201);
  });

  it('simultaneous creations for one application and fingerprint: exactly one token', async () => {
    const cy = await createUser(server, 'cy');
    const body = { client_id: app.clientId, client_secret: app.clientSecret, fingerprint: 'race' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => api(server, cy, 'POST', '/authorizations', body)));
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([201, 422, 422, 422, 422, 422]);
    expect(await ids(cy)).to.deep.equal([answers.find((answer) => answer.status === 201)!.body.id]);
  });
});
