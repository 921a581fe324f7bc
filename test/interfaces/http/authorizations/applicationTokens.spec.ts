import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { expectSchema } from '../../../support/schemas.js';
import { basicAuthorization, ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { octokit16, registerApplication, tokenHeader } from './authorizationsFixtures.js';

// GitHub's OAuth Applications API as @octokit/rest 16 calls it (oauthAuthorizations.checkAuthorization,
// revokeAuthorizationForApplication, revokeGrantForApplication): the application itself, with its
// client_id and client_secret as Basic credentials, checks or revokes a token it was given.
describe('an OAuth application checking and revoking its tokens', () => {
  let server: TestServer;
  let ada: string;
  const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    ada = await createUser(server, 'ada');
  });
  after(async () => server.close());

  const issue = async (clientId: string, clientSecret: string, fingerprint: string, scopes: string[] = ['repo']) => {
    const created = await api(server, ada, 'PUT', `/authorizations/clients/${clientId}/${fingerprint}`, { client_secret: clientSecret, scopes });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body as { id: number; token: string };
  };

  it('checks a token of its own: 200 with the authorization and the token it sent, 404 for any other token', async () => {
    const app = await registerApplication(server);
    const other = await registerApplication(server);
    const issued = await issue(app.clientId, app.clientSecret, 'laptop', ['repo', 'user']);
    const foreign = await issue(other.clientId, other.clientSecret, 'laptop');
    const client = octokit16(server, app.clientId, app.clientSecret);

    const checked = await client.oauthAuthorizations.checkAuthorization!({ client_id: app.clientId, access_token: issued.token });
    expect(checked.status).to.equal(200);
    expectSchema('authorization', checked.data);
    expect(checked.data).to.include({ id: issued.id, token: issued.token, fingerprint: 'laptop', token_last_eight: issued.token.slice(-8) });
    expect(checked.data.scopes).to.deep.equal(['repo', 'user']);
    expect(checked.data.app).to.include({ client_id: app.clientId });
    expect(checked.data.user.login).to.equal('ada');

    // Another application's token, an unknown one, and a wrong secret: 404 alike, as GitHub.
    const refused = async (path: string, authorization: string) => {
      const answer = await api(server, authorization, 'GET', path);
      expect([answer.status, answer.body?.message]).to.deep.equal([404, 'Not Found']);
    };
    const credentials = basicAuthorization(app.clientId, app.clientSecret);
    await refused(`/applications/${app.clientId}/tokens/${foreign.token}`, credentials);
    await refused(`/applications/${app.clientId}/tokens/gho_notatokenatall`, credentials);
    await refused(`/applications/${app.clientId}/tokens/${issued.token}`, basicAuthorization(app.clientId, 'wrong secret'));
    await refused(`/applications/${app.clientId}/tokens/${issued.token}`, basicAuthorization(other.clientId, other.clientSecret));
    await refused(`/applications/${app.clientId}/tokens/${issued.token}`, ada);
    const anonymous = await api(server, null, 'GET', `/applications/${app.clientId}/tokens/${issued.token}`);
    expect([anonymous.status, anonymous.body.message]).to.deep.equal([404, 'Not Found']);
  });

  it('a wrong application secret is no failed sign-in: twenty-five of them lock the address out of nothing', async () => {
    const app = await registerApplication(server);
    const issued = await issue(app.clientId, app.clientSecret, 'guessed');
    for (let attempt = 0; attempt < 25; attempt++) {
      const answer = await api(server, basicAuthorization(app.clientId, `guess ${attempt}`), 'GET', `/applications/${app.clientId}/tokens/${issued.token}`);
      expect(answer.status).to.equal(404);
    }
    expect((await api(server, ada, 'GET', '/authorizations')).status).to.equal(200);
  });

  it("revokes one token: 204, the token fails on the next request and leaves the owner's list; its history says so", async () => {
    const app = await registerApplication(server);
    const revoked = await issue(app.clientId, app.clientSecret, 'desk');
    const kept = await issue(app.clientId, app.clientSecret, 'phone');
    const client = octokit16(server, app.clientId, app.clientSecret);

    const answer = await client.oauthAuthorizations.revokeAuthorizationForApplication!({ client_id: app.clientId, access_token: revoked.token });
    expect(answer.status).to.equal(204);
    const refused = await api(server, tokenHeader(revoked.token), 'GET', '/user');
    expect([refused.status, refused.body.message]).to.deep.equal([401, 'Bad credentials']);
    expect((await api(server, tokenHeader(kept.token), 'GET', '/user')).body.login).to.equal('ada');
    const listed = await api(server, ada, 'GET', `/authorizations?client_id=${app.clientId}`);
    expect(listed.body.map((authorization: any) => authorization.id)).to.deep.equal([kept.id]);
    const history = await api(server, ada, 'GET', `/authorizations/${revoked.id}/history`);
    expect(history.body.map((entry: any) => entry.action)).to.deep.equal(['oauth_authorization.create', 'oauth_authorization.destroy']);
    expect(history.body[1]).to.include({ reason: 'application_revoked' });
    // Revoked once, it is no token of the application's any more.
    const again = await api(server, basicAuthorization(app.clientId, app.clientSecret), 'DELETE', `/applications/${app.clientId}/tokens/${revoked.token}`);
    expect(again.status).to.equal(404);
  });

  it("revokes the grant behind a token: 204, every token of the application for that user ends, the grant leaves the user's list", async () => {
    const app = await registerApplication(server);
    const other = await registerApplication(server);
    const first = await issue(app.clientId, app.clientSecret, 'one');
    const second = await issue(app.clientId, app.clientSecret, 'two');
    const unrelated = await issue(other.clientId, other.clientSecret, 'one');
    const client = octokit16(server, app.clientId, app.clientSecret);

    const answer = await client.oauthAuthorizations.revokeGrantForApplication!({ client_id: app.clientId, access_token: first.token });
    expect(answer.status).to.equal(204);
    for (const token of [first.token, second.token]) expect((await api(server, tokenHeader(token), 'GET', '/user')).status).to.equal(401);
    expect((await api(server, tokenHeader(unrelated.token), 'GET', '/user')).status).to.equal(200);
    const grants = await api(server, ada, 'GET', '/applications/grants');
    expect(grants.body.map((grant: any) => grant.app.client_id)).to.not.include(app.clientId);
    expect(grants.body.map((grant: any) => grant.app.client_id)).to.include(other.clientId);
  });

  it('resets a token: 200 with a new token shown once, the old one fails at once; the history and as_of show the change', async () => {
    const app = await registerApplication(server);
    const issued = await issue(app.clientId, app.clientSecret, 'reset', ['gist']);
    clock.advance(60_000);
    const before = clock.now().toISOString();
    clock.advance(60_000);
    const client = octokit16(server, app.clientId, app.clientSecret);

    const reset = await client.oauthAuthorizations.resetAuthorization!({ client_id: app.clientId, access_token: issued.token });
    expect(reset.status).to.equal(200);
    expectSchema('authorization', reset.data);
    const fresh = reset.data.token as string;
    expect(fresh).to.match(/^gho_[0-9A-Za-z]{36}$/);
    expect(fresh).to.not.equal(issued.token);
    expect(reset.data).to.include({
      id: issued.id,
      fingerprint: 'reset',
      token_last_eight: fresh.slice(-8),
      hashed_token: createHash('sha256').update(fresh).digest('hex'),
      updated_at: clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    });
    expect(reset.data.scopes).to.deep.equal(['gist']);

    expect((await api(server, tokenHeader(issued.token), 'GET', '/user')).status).to.equal(401);
    expect((await api(server, tokenHeader(fresh), 'GET', '/user')).body.login).to.equal('ada');
    const shown = await api(server, ada, 'GET', `/authorizations/${issued.id}`);
    expect(shown.body).to.include({ token: '', token_last_eight: fresh.slice(-8) });
    const past = await api(server, ada, 'GET', `/authorizations/${issued.id}?as_of=${encodeURIComponent(before)}`);
    expect(past.body).to.include({ token: '', token_last_eight: issued.token.slice(-8) });
    const history = await api(server, ada, 'GET', `/authorizations/${issued.id}/history`);
    expect(history.body.map((entry: any) => entry.action)).to.deep.equal(['oauth_authorization.create', 'oauth_authorization.regenerate']);
    expect(history.body[1]).to.deep.include({ before: { token_last_eight: issued.token.slice(-8) }, after: { token_last_eight: fresh.slice(-8) } });

    // The old token is no token of the application's any more; a wrong secret resets nothing.
    const credentials = basicAuthorization(app.clientId, app.clientSecret);
    expect((await api(server, credentials, 'POST', `/applications/${app.clientId}/tokens/${issued.token}`)).status).to.equal(404);
    expect((await api(server, basicAuthorization(app.clientId, 'wrong'), 'POST', `/applications/${app.clientId}/tokens/${fresh}`)).status).to.equal(404);
    expect((await api(server, tokenHeader(fresh), 'GET', '/user')).status).to.equal(200);

    // The log has the change, neither token nor hash in the clear.
    const { code, stdout } = await runCli(['audit', 'token', String(issued.id), '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; change: Record<string, unknown> });
    expect(entries.map((entry) => entry.type)).to.deep.equal(['AuthorizationCreated', 'AuthorizationTokenReset']);
    expect(entries[1]!.change).to.include({ hashedToken: '[hidden]', tokenLastEight: fresh.slice(-8) });
    expect(stdout).to.not.contain(fresh);
    expect(stdout).to.not.contain(reset.data.hashed_token);
  });

  // The application, not a user, resets or revokes: each event it causes names it (id, client_id,
  // and name), in the token's history and in `forgelog audit token`; events before it (the
  // user's creation) read as they always did.
  it('records the application as the actor of the resets and revocations it makes', async () => {
    const registered = await api(server, server.adminAuthorization, 'POST', '/admin/oauth-applications', {
      name: 'Audit Bot',
      url: 'https://bot.example.com',
      callback_url: 'https://bot.example.com/cb',
    });
    expect(registered.status).to.equal(201);
    const app = { id: registered.body.id as number, clientId: registered.body.client_id as string, clientSecret: registered.body.client_secret as string };
    const reset = await issue(app.clientId, app.clientSecret, 'audit-reset');
    const revoked = await issue(app.clientId, app.clientSecret, 'audit-revoke');
    const granted = await issue(app.clientId, app.clientSecret, 'audit-grant');
    const credentials = basicAuthorization(app.clientId, app.clientSecret);
    const fresh = await api(server, credentials, 'POST', `/applications/${app.clientId}/tokens/${reset.token}`);
    expect(fresh.status).to.equal(200);
    expect((await api(server, credentials, 'DELETE', `/applications/${app.clientId}/tokens/${revoked.token}`)).status).to.equal(204);
    const viaQuery = `/applications/${app.clientId}/grants/${granted.token}?client_id=${app.clientId}&client_secret=${app.clientSecret}`;
    expect((await api(server, null, 'DELETE', viaQuery)).status).to.equal(204);

    const byApplication = { oauth_application_id: app.id, oauth_application_client_id: app.clientId, oauth_application_name: 'Audit Bot' };
    // The grant's revocation ends every token of the application for ada: the reset one too.
    for (const [id, actions] of [
      [reset.id, ['oauth_authorization.regenerate', 'oauth_authorization.destroy']],
      [revoked.id, ['oauth_authorization.destroy']],
      [granted.id, ['oauth_authorization.destroy']],
    ] as const) {
      const history = await api(server, ada, 'GET', `/authorizations/${id}/history`);
      expect(history.status).to.equal(200);
      expect(history.body.map((entry: any) => entry.action)).to.deep.equal(['oauth_authorization.create', ...actions]);
      for (const entry of history.body.slice(1)) expect(entry).to.include({ actor: null, actor_id: null, ...byApplication });
      // The user's own creation names the user, and no application as its actor.
      expect(history.body[0]).to.include({ actor: 'ada' });
      expect(history.body[0]).to.not.have.any.keys('oauth_application_id', 'oauth_application_client_id', 'oauth_application_name');
    }

    const { code, stdout } = await runCli(['audit', 'token', String(reset.id)], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const lines = stdout.split('\n').filter((line) => line.startsWith('#'));
    expect(lines).to.have.length(3);
    expect(lines[0]).to.match(/ AuthorizationCreated {2}by ada \(id \d+\)/);
    expect(lines[1]).to.contain(`AuthorizationTokenReset  by application Audit Bot (${app.clientId})`);
    expect(lines[2]).to.contain(`AuthorizationDeleted  by application Audit Bot (${app.clientId})`);
    const json = await runCli(['audit', 'token', String(granted.id), '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    const entries = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; actor: unknown; actorApplication?: unknown });
    expect(entries.map((entry) => entry.type)).to.deep.equal(['AuthorizationCreated', 'AuthorizationDeleted']);
    expect(entries[0]).to.not.have.property('actorApplication');
    expect(entries[1]).to.deep.include({ actor: null, actorApplication: { id: app.id, clientId: app.clientId, name: 'Audit Bot' } });
  });

  it('takes the client_id and client_secret query parameters too, as octokit 16 sends them on the grants path', async () => {
    const app = await registerApplication(server);
    const issued = await issue(app.clientId, app.clientSecret, 'query');
    const path = `/applications/${app.clientId}/grants/${issued.token}`;
    expect((await api(server, null, 'DELETE', `${path}?client_id=${app.clientId}&client_secret=wrong`)).status).to.equal(404);
    expect((await api(server, null, 'DELETE', `${path}?client_id=${app.clientId}&client_secret=${app.clientSecret}`)).status).to.equal(204);
    expect((await api(server, tokenHeader(issued.token), 'GET', '/user')).status).to.equal(401);
  });
});

// GitHub gives requests made with an OAuth application's client_id and client_secret a limit of
// their own, counted per application (5,000 an hour on github.com, the signed-in figure), not
// the 60 an hour of the caller's address. Credentials that do not verify are an anonymous call.
describe("an OAuth application's calls and the rate limits", () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));

  before(async () => {
    server = await startTestServer({ FORGELOG_RATE_LIMITS: 'on', FORGELOG_RATE_LIMIT_CORE: '4', FORGELOG_RATE_LIMIT_CORE_ANONYMOUS: '2' }, undefined, {
      clock,
    });
  });
  after(async () => server.close());

  const rate = (answer: { headers: Headers }) => ({
    limit: answer.headers.get('x-ratelimit-limit'),
    remaining: answer.headers.get('x-ratelimit-remaining'),
    used: answer.headers.get('x-ratelimit-used'),
    resource: answer.headers.get('x-ratelimit-resource'),
  });

  it('counts them per application with the signed-in limit, by Basic or query parameters alike, and says so in X-RateLimit-*', async () => {
    const ada = await createUser(server, 'ada');
    const app = await registerApplication(server);
    const other = await registerApplication(server);
    const created = await api(server, ada, 'PUT', `/authorizations/clients/${app.clientId}/limits`, { client_secret: app.clientSecret, scopes: ['repo'] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const token = created.body.token as string;
    const otherCreated = await api(server, ada, 'PUT', `/authorizations/clients/${other.clientId}/limits`, { client_secret: other.clientSecret });
    expect(otherCreated.status).to.equal(201);
    // Every window the set-up opened is over.
    clock.advance(3_601_000);

    const path = `/applications/${app.clientId}/tokens/${token}`;
    const credentials = basicAuthorization(app.clientId, app.clientSecret);
    const byBasic = await api(server, credentials, 'GET', path);
    expect(byBasic.status).to.equal(200);
    expect(rate(byBasic)).to.deep.equal({ limit: '4', remaining: '3', used: '1', resource: 'core' });
    const byQuery = await api(server, null, 'GET', `${path}?client_id=${app.clientId}&client_secret=${app.clientSecret}`);
    expect(byQuery.status).to.equal(200);
    expect(rate(byQuery)).to.deep.equal({ limit: '4', remaining: '2', used: '2', resource: 'core' });

    // The address's own budget is untouched by the application's calls; a wrong secret spends it.
    const anonymous = await api(server, null, 'GET', path);
    expect(rate(anonymous)).to.deep.equal({ limit: '2', remaining: '1', used: '1', resource: 'core' });
    const wrongSecret = await api(server, basicAuthorization(app.clientId, 'wrong'), 'GET', path);
    expect(wrongSecret.status).to.equal(404);
    expect(rate(wrongSecret)).to.deep.equal({ limit: '2', remaining: '0', used: '2', resource: 'core' });
    const wrongQuery = await api(server, null, 'GET', `${path}?client_id=${app.clientId}&client_secret=wrong`);
    expect([wrongQuery.status, rate(wrongQuery).limit, rate(wrongQuery).remaining]).to.deep.equal([403, '2', '0']);

    // Another application has a budget of its own.
    const otherAnswer = await api(
      server,
      basicAuthorization(other.clientId, other.clientSecret),
      'GET',
      `/applications/${other.clientId}/tokens/${otherCreated.body.token}`,
    );
    expect(otherAnswer.status).to.equal(200);
    expect(rate(otherAnswer)).to.deep.equal({ limit: '4', remaining: '3', used: '1', resource: 'core' });

    for (let call = 3; call <= 4; call++) expect((await api(server, credentials, 'GET', path)).status).to.equal(200);
    const refused = await api(server, credentials, 'GET', path);
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal(`API rate limit exceeded for OAuth application ${app.clientId}.`);
    expect(rate(refused)).to.deep.equal({ limit: '4', remaining: '0', used: '4', resource: 'core' });
  });
});
