import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { OAuthApplicationQueries } from '../../../../application/accounts/oauthApplication.queries.js';
import { basicOctokit } from '../../../support/octokit.js';
import { runCli } from '../../../support/runCli.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../../../support/testServer.js';
import { call, createUsers } from './organizationFixtures.js';

const registration = { name: 'Octo CI', url: 'https://ci.example.com', callback_url: 'https://ci.example.com/oauth/callback' };

describe('HTTP OAuth applications (site admin)', () => {
  let server: TestServer;
  let admin: Octokit;
  let created: Record<string, unknown>;
  before(async () => {
    server = await startTestServer();
    await createUsers(server, ['octocat']);
    admin = basicOctokit(server, 'admin', ADMIN_PASSWORD);
  });
  after(async () => server.close());

  it('POST /admin/oauth-applications answers 201 with a 20-character client_id and the 40-character secret, once', async () => {
    // `data`: octokit would read a parameter named `url` as the request's own URL.
    const response = await admin.request('POST /admin/oauth-applications', { data: registration });
    expect(response.status).to.equal(201);
    created = response.data as Record<string, unknown>;
    expect(created).to.include({ name: 'Octo CI', url: 'https://ci.example.com', callback_url: 'https://ci.example.com/oauth/callback', owner_id: 1 });
    expect(created.client_id).to.match(/^[0-9a-f]{20}$/);
    expect(created.client_secret).to.match(/^[0-9a-f]{40}$/);
    expect(created.id).to.be.a('number');
    expect(Date.parse(created.created_at as string)).not.to.be.NaN;
    expect(response.headers.location).to.equal(`${server.url}/admin/oauth-applications/${created.client_id}`);
  });

  it('never shows the secret or its hash again: GET one and GET the list', async () => {
    const one = await admin.request('GET /admin/oauth-applications/{client_id}', { client_id: created.client_id as string });
    expect(one.data).to.deep.include({
      id: created.id,
      client_id: created.client_id,
      name: 'Octo CI',
      client_secret_last_eight: (created.client_secret as string).slice(-8),
    });
    expect(one.data).not.to.have.any.keys('client_secret', 'client_secret_hash');
    const list = await call(server, 'GET', '/admin/oauth-applications', 'admin');
    expect(list.status).to.equal(200);
    expect(list.body.map((application: { client_id: string }) => application.client_id)).to.deep.equal([created.client_id]);
    expect(JSON.stringify(list.body)).not.to.contain(created.client_secret as string);
    const stored = await server.runtime.adapters.readModels.collection('oauth_applications').findOne({ client_id: created.client_id });
    expect(JSON.stringify(stored)).not.to.contain(created.client_secret as string);
    expect(stored!.client_secret_hash).to.match(/^[0-9a-f]{64}$/);
  });

  it('verifies client credentials for the OAuth authorizations to come', async () => {
    const queries = server.runtime.container.get(OAuthApplicationQueries);
    const verified = await queries.verifyClientCredentials(created.client_id as string, created.client_secret as string);
    expect(verified).to.include({ id: created.id, name: 'Octo CI' });
    expect(await queries.verifyClientCredentials(created.client_id as string, 'f'.repeat(40))).to.equal(null);
  });

  it('answers bad input with 422 naming the field', async () => {
    const missing = await call(server, 'POST', '/admin/oauth-applications', 'admin', { name: 'x', url: 'https://x.example' });
    expect(missing.status).to.equal(422);
    expect(missing.body.errors).to.deep.equal([{ resource: 'OAuthApplication', field: 'callback_url', code: 'missing_field' }]);
    const badUrl = await call(server, 'POST', '/admin/oauth-applications', 'admin', { ...registration, url: 'ci.example.com' });
    expect(badUrl.body.errors).to.deep.equal([{ resource: 'OAuthApplication', field: 'url', code: 'invalid' }]);
    const emptyName = await call(server, 'POST', '/admin/oauth-applications', 'admin', { ...registration, name: '' });
    expect(emptyName.body.errors).to.deep.equal([{ resource: 'OAuthApplication', field: 'name', code: 'invalid' }]);
    const wrongType = await call(server, 'POST', '/admin/oauth-applications', 'admin', { ...registration, callback_url: 42 });
    expect(wrongType.body.errors).to.deep.equal([{ resource: 'OAuthApplication', field: 'callback_url', code: 'invalid' }]);
  });

  it('is for site administrators only', async () => {
    expect((await call(server, 'GET', '/admin/oauth-applications', null)).status).to.equal(401);
    const refused = await call(server, 'POST', '/admin/oauth-applications', 'octocat', registration);
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Must be a site administrator.');
    expect((await call(server, 'GET', `/admin/oauth-applications/${created.client_id}`, 'octocat')).status).to.equal(403);
  });

  it('pages the list with Link', async () => {
    await admin.request('POST /admin/oauth-applications', { data: { ...registration, name: 'Second' } });
    const page = await call(server, 'GET', '/admin/oauth-applications?per_page=1', 'admin');
    expect(page.body.map((application: { name: string }) => application.name)).to.deep.equal(['Octo CI']);
    expect(page.headers.get('link')).to.contain('rel="next"');
  });

  it('DELETE answers 204, after which the application and its credentials are gone', async () => {
    const deleted = await admin.request('DELETE /admin/oauth-applications/{client_id}', { client_id: created.client_id as string });
    expect(deleted.status).to.equal(204);
    expect((await call(server, 'GET', `/admin/oauth-applications/${created.client_id}`, 'admin')).status).to.equal(404);
    expect((await call(server, 'DELETE', `/admin/oauth-applications/${created.client_id}`, 'admin')).status).to.equal(404);
    const queries = server.runtime.container.get(OAuthApplicationQueries);
    expect(await queries.verifyClientCredentials(created.client_id as string, created.client_secret as string)).to.equal(null);
  });

  it('records registration and deletion in the application stream, the hash hidden from the audit', async () => {
    await server.stop();
    const { code, stdout } = await runCli(['audit', 'stream', `oauth-application-${created.id}`, '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.type)).to.deep.equal(['OAuthApplicationRegistered', 'OAuthApplicationDeleted']);
    expect(entries[0].actor).to.deep.equal({ id: 1, login: 'admin' });
    expect(entries[0].change).to.include({
      clientId: created.client_id,
      clientSecretHash: '[hidden]',
      clientSecretLastEight: (created.client_secret as string).slice(-8),
    });
    expect(stdout).not.to.contain(created.client_secret as string);
  });
});
