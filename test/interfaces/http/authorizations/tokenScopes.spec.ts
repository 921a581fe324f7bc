import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { tokenHeader } from './authorizationsFixtures.js';
import { expectSchema } from '../../../support/schemas.js';

describe('token scopes, from one table', () => {
  let server: TestServer;
  let ada: string;
  let bo: string;
  let notes = 0;
  // A note of its own each: a user's notes are unique among its personal tokens.
  const tokenWith = async (authorization: string, scopes: string[]) =>
    (await api(server, authorization, 'POST', '/authorizations', { scopes, note: `${scopes.join(' ')} ${(notes += 1)}` })).body.token as string;
  before(async () => {
    server = await startTestServer();
    ada = await createUser(server, 'ada');
    bo = await createUser(server, 'bo');
    await createRepository(server, ada, { name: 'doomed' });
    await createRepository(server, ada, { name: 'starry' });
  });
  after(async () => server.close());

  it('PATCH /user needs user; the answer names the accepted scopes', async () => {
    const without = await api(server, tokenHeader(await tokenWith(ada, ['repo'])), 'PATCH', '/user', { bio: 'no' });
    expect(without.status).to.equal(404);
    expect(without.headers.get('x-accepted-oauth-scopes')).to.equal('user');
    expect(without.headers.get('x-oauth-scopes')).to.equal('repo');
    const withUser = await api(server, tokenHeader(await tokenWith(ada, ['user'])), 'PATCH', '/user', { bio: 'yes' });
    expect(withUser.status).to.equal(200);
    expect(withUser.body.bio).to.equal('yes');
  });

  // GitHub names the accepted scopes on every answer to a token, empty where the operation
  // checks for none (a search, another user's profile, a feed): a client tells "no scope
  // needed" from "not a token" by the header being there.
  it('answers a token with X-Accepted-OAuth-Scopes, empty where the operation needs no scope', async () => {
    const token = tokenHeader(await tokenWith(ada, ['repo']));
    for (const path of ['/users/bo', '/search/repositories?q=doomed', '/users/bo/events/public', '/user']) {
      const answer = await api(server, token, 'GET', path);
      expect(answer.status, path).to.equal(200);
      expect(answer.headers.get('x-oauth-scopes'), path).to.equal('repo');
      expect(answer.headers.get('x-accepted-oauth-scopes'), path).to.equal('');
    }
    const password = await api(server, ada, 'GET', '/users/bo');
    expect(password.headers.get('x-accepted-oauth-scopes')).to.equal(null);
  });

  it('GET /user: the private profile needs user or read:user; a token without them sees the public one, as on GitHub', async () => {
    const bare = await api(server, tokenHeader(await tokenWith(ada, ['public_repo'])), 'GET', '/user');
    expect(bare.status).to.equal(200);
    expect(bare.body.login).to.equal('ada');
    for (const key of ['total_private_repos', 'owned_private_repos', 'two_factor_authentication', 'plan', 'notification_email'])
      expect(bare.body, key).not.to.have.property(key);
    expectSchema('public-user', bare.body);
    for (const scopes of [['read:user'], ['user']]) {
      const full = await api(server, tokenHeader(await tokenWith(ada, scopes)), 'GET', '/user');
      expect(full.body, scopes.join()).to.include({ login: 'ada', two_factor_authentication: false });
      expect(full.body).to.have.property('total_private_repos');
    }
    // GitHub's timestamps carry whole seconds.
    expect(bare.body.created_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await api(server, null, 'GET', '/users/ada')).body.updated_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('following needs user:follow (or user)', async () => {
    expect((await api(server, tokenHeader(await tokenWith(ada, ['read:user'])), 'PUT', '/user/following/bo')).status).to.equal(404);
    expect((await api(server, tokenHeader(await tokenWith(ada, ['user:follow'])), 'PUT', '/user/following/bo')).status).to.equal(204);
  });

  it('starring needs public_repo (or repo); nothing is recorded without it', async () => {
    const bare = tokenHeader(await tokenWith(bo, []));
    for (const method of ['PUT', 'DELETE']) {
      const refused = await api(server, bare, method, '/user/starred/ada/starry');
      expect(refused.status, method).to.equal(404);
      expect(refused.body.message).to.equal('Not Found');
      expect(refused.headers.get('x-accepted-oauth-scopes')).to.equal('public_repo, repo');
      expect(refused.headers.get('x-oauth-scopes')).to.equal('');
    }
    expect((await api(server, bo, 'GET', '/user/starred/ada/starry')).status).to.equal(404);
    expect((await api(server, bo, 'GET', '/repos/ada/starry')).body.stargazers_count).to.equal(0);
    const events = await api(server, null, 'GET', '/users/bo/events/public');
    expect(events.body.filter((event: { type: string }) => event.type === 'WatchEvent')).to.deep.equal([]);
    // Reads of public data need no scope.
    expect((await api(server, bare, 'GET', '/user/starred')).status).to.equal(200);
    expect((await api(server, bare, 'GET', '/user/starred/ada/starry')).status).to.equal(404);
    const allowed = tokenHeader(await tokenWith(bo, ['public_repo']));
    expect((await api(server, allowed, 'PUT', '/user/starred/ada/starry')).status).to.equal(204);
    expect((await api(server, bo, 'GET', '/user/starred/ada/starry')).status).to.equal(204);
    expect((await api(server, tokenHeader(await tokenWith(bo, ['repo'])), 'DELETE', '/user/starred/ada/starry')).status).to.equal(204);
    expect((await api(server, bo, 'GET', '/user/starred/ada/starry')).status).to.equal(404);
  });

  it('a token without repo or public_repo only reads: no issue, comment or reaction in a public repository (404), nothing recorded', async () => {
    const bare = tokenHeader(await tokenWith(bo, ['user']));
    expect((await api(server, bare, 'GET', '/repos/ada/starry/issues')).status).to.equal(200);
    expect((await api(server, bare, 'POST', '/repos/ada/starry/issues', { title: 'From a read-only token' })).status).to.equal(404);
    const opened = await api(server, bo, 'POST', '/repos/ada/starry/issues', { title: 'By password' });
    expect(opened.status).to.equal(201);
    const number = opened.body.number;
    for (const [path, body] of [
      [`/repos/ada/starry/issues/${number}/comments`, { body: 'read-only' }],
      [`/repos/ada/starry/issues/${number}/reactions`, { content: 'heart' }],
    ] as const) {
      const refused = await api(server, bare, 'POST', path, body);
      expect([refused.status, refused.body.message], path).to.deep.equal([404, 'Not Found']);
    }
    const issue = (await api(server, bo, 'GET', `/repos/ada/starry/issues/${number}`)).body;
    expect([issue.comments, issue.reactions.total_count]).to.deep.equal([0, 0]);
    expect((await api(server, bo, 'GET', '/repos/ada/starry/issues?state=all')).body.map((item: { title: string }) => item.title)).to.deep.equal([
      'By password',
    ]);
    // With public_repo, the same requests go through.
    const writer = tokenHeader(await tokenWith(bo, ['public_repo']));
    expect((await api(server, writer, 'POST', `/repos/ada/starry/issues/${number}/comments`, { body: 'with public_repo' })).status).to.equal(201);
    expect((await api(server, writer, 'POST', `/repos/ada/starry/issues/${number}/reactions`, { content: 'heart' })).status).to.equal(201);
  });

  // Its owner's own repository too: a change the token cannot make answers 404, not the 403
  // that would say another token could.
  it("a token without repo or public_repo changes nothing in its owner's public repository: 404, where public_repo writes", async () => {
    await createRepository(server, ada, { name: 'inked', auto_init: true });
    const bare = tokenHeader(await tokenWith(ada, ['user']));
    const blob = { content: 'hello', encoding: 'utf-8' };
    const refused = await api(server, bare, 'POST', '/repos/ada/inked/git/blobs', blob);
    expect([refused.status, refused.body.message]).to.deep.equal([404, 'Not Found']);
    const renamed = await api(server, bare, 'PATCH', '/repos/ada/inked', { description: 'by a read-only token' });
    expect(renamed.status).to.equal(404);
    expect((await api(server, bare, 'GET', '/repos/ada/inked')).body.description).to.equal(null);
    const written = await api(server, tokenHeader(await tokenWith(ada, ['public_repo'])), 'POST', '/repos/ada/inked/git/blobs', blob);
    expect(written.status).to.equal(201);
    expect(written.body.sha).to.equal('b6fc4c620b67d95f953a5c1c1230aaab5db5a1b0');
    // Every repository operation names the scope GitHub names for it: repo, none for the
    // contents (GitHub's recordings, @octokit/fixtures get-content).
    for (const [path, named] of [
      ['/repos/ada/inked', 'repo'],
      [`/repos/ada/inked/git/blobs/${written.body.sha}`, 'repo'],
      ['/repos/ada/inked/contents/README.md', ''],
      ['/repos/ada/inked/contents', ''],
    ] as const) {
      const read = await fetch(`${server.url}${path}`, { headers: { authorization: bare } });
      expect(read.status, path).to.equal(200);
      expect(read.headers.get('x-accepted-oauth-scopes'), path).to.equal(named);
    }
  });

  it("a private repository's contents still need repo, though the header names none, as GitHub's does", async () => {
    await createRepository(server, ada, { name: 'vault', auto_init: true, private: true });
    const refused = await fetch(`${server.url}/repos/ada/vault/contents/README.md`, {
      headers: { authorization: tokenHeader(await tokenWith(ada, ['user'])) },
    });
    expect(refused.status).to.equal(404);
    expect(refused.headers.get('x-accepted-oauth-scopes')).to.equal('');
    const read = await fetch(`${server.url}/repos/ada/vault/contents/README.md`, { headers: { authorization: tokenHeader(await tokenWith(ada, ['repo'])) } });
    expect(read.status).to.equal(200);
    expect(((await read.json()) as { name: string }).name).to.equal('README.md');
    expect(read.headers.get('x-accepted-oauth-scopes')).to.equal('');
  });

  it('watching needs notifications (or repo); reading the subscription needs none', async () => {
    const bare = tokenHeader(await tokenWith(bo, ['public_repo']));
    for (const [method, body] of [
      ['PUT', { subscribed: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await api(server, bare, method, '/repos/ada/starry/subscription', body);
      expect(refused.status, method).to.equal(404);
      expect(refused.headers.get('x-accepted-oauth-scopes')).to.equal('notifications, repo');
      expect(refused.headers.get('x-oauth-scopes')).to.equal('public_repo');
    }
    expect((await api(server, bare, 'GET', '/repos/ada/starry/subscription')).status).to.equal(404);
    expect((await api(server, bo, 'GET', '/repos/ada/starry/subscribers')).body.map((user: { login: string }) => user.login)).to.deep.equal([]);
    const allowed = tokenHeader(await tokenWith(bo, ['notifications']));
    const watched = await api(server, allowed, 'PUT', '/repos/ada/starry/subscription', { subscribed: true });
    expect(watched.status).to.equal(200);
    expect(watched.body.subscribed).to.equal(true);
    expect((await api(server, bare, 'GET', '/repos/ada/starry/subscription')).body.subscribed).to.equal(true);
    expect((await api(server, tokenHeader(await tokenWith(bo, ['repo'])), 'DELETE', '/repos/ada/starry/subscription')).status).to.equal(204);
    expect((await api(server, bo, 'GET', '/repos/ada/starry/subscription')).status).to.equal(404);
  });

  it('deleting a repository needs delete_repo', async () => {
    expect((await api(server, tokenHeader(await tokenWith(ada, ['repo'])), 'DELETE', '/repos/ada/doomed')).status).to.equal(404);
    expect((await api(server, ada, 'GET', '/repos/ada/doomed')).status).to.equal(200);
    expect((await api(server, tokenHeader(await tokenWith(ada, ['repo', 'delete_repo'])), 'DELETE', '/repos/ada/doomed')).status).to.equal(204);
  });

  it("the site-admin routes need a site administrator's token with site_admin", async () => {
    const plain = await tokenWith(server.adminAuthorization, ['user']);
    expect((await api(server, tokenHeader(plain), 'GET', '/admin/oauth-applications')).status).to.equal(404);
    const siteAdmin = await tokenWith(server.adminAuthorization, ['site_admin']);
    expect((await api(server, tokenHeader(siteAdmin), 'GET', '/admin/oauth-applications')).status).to.equal(200);
    const notAnAdmin = await tokenWith(ada, ['site_admin']);
    expect((await api(server, tokenHeader(notAnAdmin), 'GET', '/admin/oauth-applications')).status).to.equal(403);
  });

  it('PATCH /user/password needs the password itself, never a token', async () => {
    const refused = await api(server, tokenHeader(await tokenWith(ada, ['user'])), 'PATCH', '/user/password', {
      old_password: 'x',
      new_password: 'a new long password',
    });
    expect(refused.status).to.equal(401);
    expect(refused.body.message).to.equal('This API can only be accessed with username and password Basic Auth');
  });
});

describe('the OAuth Authorizations API deprecation setting', () => {
  it('removed: every operation answers 404, as GitHub after 13 November 2020', async () => {
    const server = await startTestServer({ FORGELOG_AUTHORIZATIONS_API: 'removed' });
    try {
      const ada = await createUser(server, 'ada');
      for (const [method, path] of [
        ['GET', '/authorizations'],
        ['POST', '/authorizations'],
        ['GET', '/applications/grants'],
      ] as const) {
        const answer = await api(server, ada, method, path, method === 'POST' ? { note: 'x' } : undefined);
        expect(answer.status, path).to.equal(404);
        expect(answer.headers.get('sunset')).to.equal('Fri, 13 Nov 2020 16:00:00 GMT');
      }
    } finally {
      await server.close();
    }
  });

  it("brownout: creation answers 410 with GitHub's message, reads still answer", async () => {
    const server = await startTestServer({ FORGELOG_AUTHORIZATIONS_API: 'brownout' });
    try {
      const ada = await createUser(server, 'ada');
      const created = await api(server, ada, 'POST', '/authorizations', { note: 'x' });
      expect(created.status).to.equal(410);
      expect(created.body.message).to.contain('browned out');
      // The routes match any case: so does the brownout, which no token escapes by spelling.
      for (const [method, path] of [
        ['POST', '/Authorizations'],
        ['POST', '/AUTHORIZATIONS/'],
        ['PUT', '/Authorizations/Clients/01234567890123456789'],
        ['PUT', '/authorizations/CLIENTS/01234567890123456789/print'],
      ]) {
        const refused = await api(server, ada, method, path, { note: `spelled ${path}`, client_secret: 'x'.repeat(40) });
        expect([refused.status, refused.body.message], `${method} ${path}`).to.deep.equal([410, created.body.message]);
      }
      expect((await api(server, ada, 'GET', '/authorizations')).status).to.equal(200);
      expect((await api(server, ada, 'GET', '/authorizations')).body).to.deep.equal([]);
    } finally {
      await server.close();
    }
  });

  it('brownout windows: inside one creation answers 410, outside it is allowed', async () => {
    const inside = await startTestServer({ FORGELOG_AUTHORIZATIONS_BROWNOUTS: '2000-01-01T00:00:00Z/2999-01-01T00:00:00Z' });
    const outside = await startTestServer({ FORGELOG_AUTHORIZATIONS_BROWNOUTS: '2000-01-01T00:00:00Z/2000-01-02T00:00:00Z' });
    try {
      expect((await api(inside, await createUser(inside, 'ada'), 'POST', '/authorizations', { note: 'x' })).status).to.equal(410);
      expect((await api(outside, await createUser(outside, 'ada'), 'POST', '/authorizations', { note: 'x' })).status).to.equal(201);
    } finally {
      await inside.close();
      await outside.close();
    }
  });
});
