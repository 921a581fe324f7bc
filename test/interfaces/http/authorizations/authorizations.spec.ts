import { expect } from 'chai';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { octokit16, registerApplication, tokenHeader } from './authorizationsFixtures.js';

describe('HTTP OAuth authorizations and grants', () => {
  let server: TestServer;
  let ada: string;
  let app: { clientId: string; clientSecret: string };
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
    await createUser(server, 'bea');
    app = await registerApplication(server);
    await createRepository(server, ada, { name: 'open' });
    await createRepository(server, ada, { name: 'hidden', private: true });
  });
  after(async () => server.close());

  it("POST creates a personal token in GitHub's format, shown once, stored only hashed; Location, deprecation headers", async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo', 'repo', 'user'], note: 'laptop' });
    expect(created.status).to.equal(201);
    expectSchema('authorization', created.body);
    const token = created.body.token as string;
    expect(token).to.match(/^ghp_[0-9A-Za-z]{36}$/);
    expect(created.body).to.deep.include({ scopes: ['repo', 'user'], note: 'laptop', token_last_eight: token.slice(-8), fingerprint: null });
    expect(created.body.app).to.deep.equal({
      client_id: '00000000000000000000',
      name: 'laptop',
      url: 'https://docs.github.com/rest/oauth-authorizations/oauth-authorizations',
    });
    expect(created.body.hashed_token).to.match(/^[0-9a-f]{64}$/);
    expect(created.headers.get('location')).to.equal(created.body.url);
    expect(created.headers.get('deprecation')).to.equal('@1581638400');
    expect(created.headers.get('sunset')).to.equal('Fri, 13 Nov 2020 16:00:00 GMT');
    const read = await api(server, ada, 'GET', `/authorizations/${created.body.id}`);
    expect(read.body.token).to.equal('');
    expect(read.body.hashed_token).to.equal(created.body.hashed_token);
    const events = JSON.stringify(await server.runtime.adapters.eventStore.readStream(`authorization-${created.body.id}`));
    expect(events).not.to.contain(token);
  });

  it('refuses a personal token without a note, unknown scopes, and a wrong client secret (422)', async () => {
    const noNote = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo'] });
    expect(noNote.status).to.equal(422);
    expect(noNote.body.errors).to.deep.equal([{ resource: 'OauthAccess', field: 'description', code: 'missing_field' }]);
    const unknown = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo', 'everything'], note: 'x' });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors[0]).to.include({ field: 'scopes', code: 'invalid' });
    const wrongSecret = await api(server, ada, 'POST', '/authorizations', { client_id: app.clientId, client_secret: 'f'.repeat(40), scopes: ['repo'] });
    expect(wrongSecret.status).to.equal(422);
    // GitHub's answer, whose message clients match on, naming the operation's page.
    expect(wrongSecret.body).to.deep.equal({
      message: 'Invalid Application client_id or secret.',
      documentation_url: 'https://docs.github.com/rest/oauth-authorizations/oauth-authorizations#create-a-new-authorization',
      status: '422',
    });
  });

  it('POST with a client_id but no client_secret (or a secret alone) makes a personal token, as GitHub does', async () => {
    for (const [note, credentials] of [
      ['id alone', { client_id: app.clientId }],
      ['empty secret', { client_id: app.clientId, client_secret: '' }],
      ['secret alone', { client_secret: app.clientSecret }],
    ] as const) {
      const created = await api(server, ada, 'POST', '/authorizations', { ...credentials, note });
      expect(created.status, note).to.equal(201);
      expect(created.body.token).to.match(/^ghp_/);
      expect(created.body.app).to.include({ client_id: '00000000000000000000', name: note });
    }
  });

  it('Basic authentication with a password only: a token, however sent, gets 401 saying so', async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { note: 'ci' });
    const token = created.body.token as string;
    for (const authorization of [tokenHeader(token), `Bearer ${token}`, basicAuthorization('ada', token)]) {
      const refused = await api(server, authorization, 'GET', '/authorizations');
      expect(refused.status).to.equal(401);
      expect(refused.body.message).to.equal('This API can only be accessed with username and password Basic Auth');
    }
    expect((await api(server, null, 'GET', '/authorizations')).status).to.equal(401);
  });

  it('get-or-create for an application: 201 with a new gho_ token, then 200 with the same one; the fingerprint tells tokens apart; an unknown client_id is refused as a wrong secret is', async () => {
    const first = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}`, {
      client_secret: app.clientSecret,
      scopes: ['public_repo'],
      note: 'ci',
    });
    expect(first.status).to.equal(201);
    expect(first.body.token).to.match(/^gho_/);
    expect(first.body.app).to.deep.include({ client_id: app.clientId, name: 'Octo CI' });
    const again = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}`, { client_secret: app.clientSecret });
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ id: first.body.id, token: '' });
    const laptop = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/laptop`, { client_secret: app.clientSecret, scopes: ['gist'] });
    expect(laptop.status).to.equal(201);
    expect(laptop.body.fingerprint).to.equal('laptop');
    expect((await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/laptop`, { client_secret: app.clientSecret })).body.id).to.equal(
      laptop.body.id,
    );
    const short = await api(server, ada, 'PUT', '/authorizations/clients/abc', { client_secret: app.clientSecret });
    expect(short.status).to.equal(422);
    expect(short.body.message).to.equal('Invalid Application client_id or secret.');
    const noSecret = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}`, {});
    expect(noSecret.body.errors).to.deep.equal([{ resource: 'OauthAccess', field: 'client_secret', code: 'missing_field' }]);
    // One grant for the user and the application, its scopes the union of its tokens'.
    const grants = await api(server, ada, 'GET', `/applications/grants?client_id=${app.clientId}`);
    expectArrayOf('application-grant', grants.body);
    expect(grants.body).to.have.length(1);
    expect([...grants.body[0].scopes].sort()).to.deep.equal(['gist', 'public_repo']);
  });

  it('PATCH takes one of scopes, add_scopes, remove_scopes (422 for two), and note and fingerprint', async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo'], note: 'patchable' });
    const path = `/authorizations/${created.body.id}`;
    const two = await api(server, ada, 'PATCH', path, { scopes: ['user'], add_scopes: ['gist'] });
    expect(two.status).to.equal(422);
    expect((await api(server, ada, 'PATCH', path, { add_scopes: ['gist', 'repo'] })).body.scopes).to.deep.equal(['repo', 'gist']);
    expect((await api(server, ada, 'PATCH', path, { remove_scopes: ['repo'] })).body.scopes).to.deep.equal(['gist']);
    expect((await api(server, ada, 'PATCH', path, { scopes: ['user'], note: 'renamed', fingerprint: 'fp' })).body).to.deep.include({
      scopes: ['user'],
      note: 'renamed',
      fingerprint: 'fp',
    });
    expect((await api(server, 'Basic ' + Buffer.from(`bea:${PASSWORD}`).toString('base64'), 'PATCH', path, { note: 'theirs' })).status).to.equal(404);
    // Someone else's token, or none, is 404 before the body is read.
    expect((await api(server, 'Basic ' + Buffer.from(`bea:${PASSWORD}`).toString('base64'), 'PATCH', path, { scopes: 'repo' })).status).to.equal(404);
    expect((await api(server, ada, 'PATCH', '/authorizations/987654', { scopes: 'repo' })).status).to.equal(404);
  });

  it('DELETE revokes at once: the token is refused on the very next request', async () => {
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['user'], note: 'short-lived' });
    const token = created.body.token as string;
    expect((await api(server, tokenHeader(token), 'GET', '/user')).body.login).to.equal('ada');
    expect((await api(server, ada, 'DELETE', `/authorizations/${created.body.id}`)).status).to.equal(204);
    const after = await api(server, tokenHeader(token), 'GET', '/user');
    expect(after.status).to.equal(401);
    expect(after.body.message).to.equal('Bad credentials');
    expect((await api(server, ada, 'GET', `/authorizations/${created.body.id}`)).status).to.equal(404);
  });

  it('deleting a grant revokes every token of that application for the user', async () => {
    const grants = await api(server, ada, 'GET', '/applications/grants');
    const grant = grants.body.find((entry: { app: { client_id: string } }) => entry.app.client_id === app.clientId);
    expectSchema('application-grant', (await api(server, ada, 'GET', `/applications/grants/${grant.id}`)).body);
    const fresh = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/phone`, { client_secret: app.clientSecret, scopes: ['user'] });
    expect((await api(server, tokenHeader(fresh.body.token), 'GET', '/user')).status).to.equal(200);
    expect((await api(server, ada, 'DELETE', `/applications/grants/${grant.id}`)).status).to.equal(204);
    expect((await api(server, tokenHeader(fresh.body.token), 'GET', '/user')).status).to.equal(401);
    const remaining = (await api(server, ada, 'GET', '/authorizations?per_page=100')).body as { app: { client_id: string } }[];
    expect(remaining.filter((entry) => entry.app.client_id === app.clientId)).to.deep.equal([]);
    expect((await api(server, ada, 'GET', `/applications/grants/${grant.id}`)).status).to.equal(404);
  });

  it('tokens authenticate the whole API (token, Bearer, Basic with the token), within their scopes, naming them in X-OAuth-Scopes', async () => {
    const narrow = (await api(server, ada, 'POST', '/authorizations', { scopes: ['read:user'], note: 'narrow' })).body.token as string;
    const wide = (await api(server, ada, 'POST', '/authorizations', { scopes: ['repo', 'delete_repo'], note: 'wide' })).body.token as string;
    for (const authorization of [tokenHeader(wide), `Bearer ${wide}`, basicAuthorization('ada', wide)]) {
      const me = await api(server, authorization, 'GET', '/repos/ada/hidden');
      expect(me.status).to.equal(200);
      expect(me.headers.get('x-oauth-scopes')).to.equal('repo, delete_repo');
    }
    expect((await api(server, basicAuthorization('bea', wide), 'GET', '/user')).status).to.equal(401);
    // Without repo: no private repository, and public ones read-only.
    expect((await api(server, tokenHeader(narrow), 'GET', '/repos/ada/hidden')).status).to.equal(404);
    expect((await api(server, tokenHeader(narrow), 'GET', '/repos/ada/open')).body.permissions).to.include({ admin: false, push: false, pull: true });
    expect((await api(server, tokenHeader(narrow), 'PATCH', '/repos/ada/open', { description: 'no' })).status).to.be.oneOf([403, 404]);
    expect((await api(server, tokenHeader(wide), 'PATCH', '/repos/ada/open', { description: 'yes' })).body.description).to.equal('yes');
  });

  it('a user with two-factor on needs X-GitHub-OTP to create, get-or-create and update: 401 with X-GitHub-OTP: required; app', async () => {
    // The OTP rule is the authentication's: checked in twoFactor.spec for every Basic request.
    const { runCli } = await import('../../../support/runCli.js');
    await server.stop();
    const enabled = await runCli(['admin', 'two-factor', 'enable', 'bea'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(enabled.code, enabled.stderr).to.equal(0);
    server = await startTestServer({}, server.dataDir);
    const bea = basicAuthorization('bea', PASSWORD);
    for (const [method, path, body] of [
      ['POST', '/authorizations', { note: 'x' }],
      ['PUT', `/authorizations/clients/${app.clientId}`, { client_secret: app.clientSecret }],
      ['PATCH', '/authorizations/1', { note: 'y' }],
    ] as const) {
      const refused = await api(server, bea, method, path, body);
      expect(refused.status, `${method} ${path}`).to.equal(401);
      expect(refused.headers.get('x-github-otp')).to.equal('required; app');
    }
  });
});

describe('@octokit/rest 16.43.2 oauthAuthorizations.*', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await createUser(server, 'oct');
  });
  after(async () => server.close());

  it('runs all ten operations', async () => {
    const app = await registerApplication(server);
    const octokit = octokit16(server, 'oct', PASSWORD);
    const created = await octokit.oauthAuthorizations.createAuthorization!({ scopes: ['repo'], note: 'octokit 16' });
    expect(created.status).to.equal(201);
    expectSchema('authorization', created.data);
    const listed = await octokit.oauthAuthorizations.listAuthorizations!();
    expect(listed.data.map((entry: { id: number }) => entry.id)).to.deep.equal([created.data.id]);
    expect((await octokit.oauthAuthorizations.getAuthorization!({ authorization_id: created.data.id })).data.note).to.equal('octokit 16');
    expect((await octokit.oauthAuthorizations.updateAuthorization!({ authorization_id: created.data.id, add_scopes: ['gist'] })).data.scopes).to.deep.equal([
      'repo',
      'gist',
    ]);
    const forApp = await octokit.oauthAuthorizations.getOrCreateAuthorizationForApp!({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      scopes: ['user'],
    });
    expect(forApp.status).to.equal(201);
    const withFingerprint = await octokit.oauthAuthorizations.getOrCreateAuthorizationForAppAndFingerprint!({
      client_id: app.clientId,
      fingerprint: 'desk',
      client_secret: app.clientSecret,
    });
    expect(withFingerprint.status).to.equal(201);
    const grants = await octokit.oauthAuthorizations.listGrants!();
    expect(grants.data).to.have.length(1);
    expect((await octokit.oauthAuthorizations.getGrant!({ grant_id: grants.data[0].id })).data.app.client_id).to.equal(app.clientId);
    expect((await octokit.oauthAuthorizations.deleteGrant!({ grant_id: grants.data[0].id })).status).to.equal(204);
    expect((await octokit.oauthAuthorizations.deleteAuthorization!({ authorization_id: created.data.id })).status).to.equal(204);
    expect((await octokit.oauthAuthorizations.listAuthorizations!()).data).to.deep.equal([]);
  });
});

describe('get-or-create under simultaneous requests', () => {
  it('ten at once for one application and fingerprint create exactly one token; a refused one frees the key; a deleted one can be made again', async () => {
    const server = await startTestServer();
    try {
      const user = await createUser(server, 'racer');
      const app = await registerApplication(server);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          api(server, user, 'PUT', `/authorizations/clients/${app.clientId}/race`, { client_secret: app.clientSecret, scopes: ['user'] }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).to.have.length(1);
      expect(answers.filter((answer) => answer.status === 200)).to.have.length(9);
      expect(new Set(answers.map((answer) => answer.body.id)).size).to.equal(1);
      expect((await api(server, user, 'GET', '/authorizations')).body).to.have.length(1);
      const refused = await api(server, user, 'PUT', `/authorizations/clients/${app.clientId}/other`, {
        client_secret: app.clientSecret,
        scopes: ['nonsense'],
      });
      expect(refused.status).to.equal(422);
      expect((await api(server, user, 'PUT', `/authorizations/clients/${app.clientId}/other`, { client_secret: app.clientSecret })).status).to.equal(201);
      expect((await api(server, user, 'DELETE', `/authorizations/${answers[0]!.body.id}`)).status).to.equal(204);
      const again = await api(server, user, 'PUT', `/authorizations/clients/${app.clientId}/race`, { client_secret: app.clientSecret });
      expect(again.status).to.equal(201);
      expect(again.body.id).not.to.equal(answers[0]!.body.id);
    } finally {
      await server.close();
    }
  });
});
