import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';

describe('HTTP users (@octokit/rest 20.1.0)', () => {
  let server: TestServer;
  let admin: Octokit;
  before(async () => {
    server = await startTestServer({ FORGELOG_RATE_LIMITS: 'on' });
    admin = basicOctokit(server, 'admin', ADMIN_PASSWORD);
  });
  after(async () => server.close());

  it('creates a user through the site-admin route and reads it back with users.getByUsername', async () => {
    const created = await admin.request('POST /admin/users', { login: 'hubot', email: 'hubot@example.com' });
    expect(created.status).to.equal(201);
    expectSchema('simple-user', created.data);
    const read = await admin.rest.users.getByUsername({ username: 'hubot' });
    expectSchema('public-user', read.data);
    // The address an administrator gave is not public: GitHub shows only one the user made public.
    expect(read.data).to.include({ login: 'hubot', id: (created.data as { id: number }).id, email: null });
  });

  it('shows an email in the public profile once the user makes it public with PATCH /user, to anyone', async () => {
    const { basicOctokit, anonymousOctokit } = await import('../../../support/octokit.js');
    const created = await admin.request('POST /admin/users', { login: 'mona', email: 'mona@example.com', password: 'a long password' });
    expect(created.status).to.equal(201);
    const mona = basicOctokit(server, 'mona', 'a long password');
    expect((await mona.rest.users.getAuthenticated()).data.email).to.equal('mona@example.com');
    expect((await anonymousOctokit(server).rest.users.getByUsername({ username: 'mona' })).data.email).to.equal(null);
    await mona.rest.users.updateAuthenticated({ email: 'mona@public.example' });
    expect((await anonymousOctokit(server).rest.users.getByUsername({ username: 'mona' })).data.email).to.equal('mona@public.example');
  });

  it('users.getAuthenticated answers the caller as a private-user, with rate limit headers', async () => {
    const me = await admin.rest.users.getAuthenticated();
    expectSchema('private-user', me.data);
    expect(me.data).to.include({ login: 'admin', site_admin: true });
    expect(me.headers['x-ratelimit-limit']).to.equal('5000');
    expect(me.headers['x-ratelimit-resource']).to.equal('core');
    expect(Number(me.headers['x-ratelimit-used'])).to.be.greaterThan(0);
  });

  it('users.list pages with since', async () => {
    const first = await admin.rest.users.list({ per_page: 1 });
    expectArrayOf('simple-user', first.data);
    expect(first.data.map((u) => u.login)).to.deep.equal(['admin']);
    expect(first.headers.link).to.contain('rel="next"');
    const second = await admin.rest.users.list({ per_page: 1, since: first.data[0]!.id });
    expect(second.data.map((u) => u.login)).to.deep.equal(['hubot']);
  });

  it('surfaces GitHub-shaped errors as RequestError with status and body', async () => {
    try {
      await admin.rest.users.getByUsername({ username: 'nobody' });
      expect.fail('expected a 404');
    } catch (error) {
      const requestError = error as { status: number; response: { data: { message: string } } };
      expect(requestError.status).to.equal(404);
      expect(requestError.response.data.message).to.equal('Not Found');
    }
    try {
      await admin.request('POST /admin/users', { login: 'HUBOT' });
      expect.fail('expected a 422');
    } catch (error) {
      const requestError = error as { status: number; response: { data: { errors: unknown[] } } };
      expect(requestError.status).to.equal(422);
      expect(requestError.response.data.errors).to.deep.equal([
        { resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' },
      ]);
    }
  });

  it('answers 304 to a conditional request, which costs no rate limit', async () => {
    const first = await admin.rest.users.getByUsername({ username: 'hubot' });
    const etag = first.headers.etag!;
    const usedBefore = Number(first.headers['x-ratelimit-used']);
    try {
      await admin.rest.users.getByUsername({ username: 'hubot', headers: { 'if-none-match': etag } });
      expect.fail('expected a 304');
    } catch (error) {
      const requestError = error as { status: number; response: { headers: Record<string, string> } };
      expect(requestError.status).to.equal(304);
      expect(Number(requestError.response.headers['x-ratelimit-used'])).to.equal(usedBefore);
    }
  });
});
