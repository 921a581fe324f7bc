import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';

// The HTTP kernel as the real server assembles it (the middlewares' own specs are in ../shared).
describe('HTTP kernel on the real server', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ FORGELOG_RATE_LIMITS: 'on', FORGELOG_RATE_LIMIT_CORE_ANONYMOUS: '5' });
  });
  after(async () => server.close());

  it('serves /healthz, /readyz with the log and projection positions, and /metrics', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).to.deep.equal({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).to.equal(200);
    const body = await ready.json();
    expect(body.status).to.equal('ready');
    expect(body.details.projectionsInProcess).to.equal(true);
    expect(body.details.projectedPosition).to.equal(body.details.headPosition);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).to.match(/http_requests_total\{[^}]*route="\/readyz"[^}]*\} \d+/);
  });

  it('counts anonymous core requests per IP and answers 403 past the limit', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await fetch(`${server.url}/users/admin`);
      statuses.push(last.status);
    }
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 403]);
    expect(last!.headers.get('x-ratelimit-limit')).to.equal('5');
    expect(last!.headers.get('x-ratelimit-remaining')).to.equal('0');
    expect(last!.headers.get('x-ratelimit-resource')).to.equal('core');
    const body = await last!.json();
    expectSchema('basic-error', body);
    expect(body.message).to.match(/^API rate limit exceeded for 127\.0\.0\.1\./);
  });

  it('gives an authenticated caller its own budget and GitHub media type header', async () => {
    const response = await fetch(`${server.url}/users/admin`, {
      headers: { authorization: server.adminAuthorization, accept: 'application/vnd.github.v3+json' },
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-ratelimit-limit')).to.equal('5000');
    expect(response.headers.get('x-github-media-type')).to.equal('github.v3; format=json');
    expect(response.headers.get('x-github-request-id')).to.match(/^[0-9A-F:]+$/);
  });

  it("answers Basic credentials for an unknown login with 401 Bad credentials, counted against the address's budget", async () => {
    // The anonymous budget of 5 is spent by now: a failed sign-in is counted like an anonymous request.
    const limited = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('ghost', 'whatever') } });
    expect(limited.status).to.equal(403);
    expect((await limited.json()).message).to.contain('API rate limit exceeded');
    const fresh = await startTestServer({ FORGELOG_RATE_LIMITS: 'on', FORGELOG_RATE_LIMIT_CORE_ANONYMOUS: '5' });
    try {
      const response = await fetch(`${fresh.url}/user`, { headers: { authorization: basicAuthorization('ghost', 'whatever') } });
      expect(response.status).to.equal(401);
      expect(response.headers.get('x-ratelimit-remaining')).to.equal('4');
      expect((await response.json()).message).to.equal('Bad credentials');
    } finally {
      await fresh.close();
    }
  });

  it("answers cross-origin requests as GitHub's API does: any origin, its headers exposed, a preflight 204 without credentials", async () => {
    const preflight = await fetch(`${server.url}/user/repos`, {
      method: 'OPTIONS',
      headers: { origin: 'http://example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers.get('access-control-allow-origin')).to.equal('*');
    expect(preflight.headers.get('access-control-allow-methods')).to.equal('GET, POST, PATCH, PUT, DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).to.contain('Authorization');
    expect(preflight.headers.get('access-control-max-age')).to.equal('86400');
    const cross = await fetch(`${server.url}/users/admin`, { headers: { origin: 'http://example.com', authorization: server.adminAuthorization } });
    expect(cross.status).to.equal(200);
    expect(cross.headers.get('access-control-allow-origin')).to.equal('*');
    expect(cross.headers.get('access-control-expose-headers')).to.contain('Link');
    expect(cross.headers.get('access-control-expose-headers')).to.match(/\bx-ratelimit-remaining\b/i);
    const refused = await fetch(`${server.url}/user`, { headers: { origin: 'http://example.com' } });
    // refused (401, or 403 once the anonymous budget the spec above spent is gone), still readable cross-origin
    expect(refused.status).to.be.oneOf([401, 403]);
    expect(refused.headers.get('access-control-allow-origin')).to.equal('*');
    // Without an Origin too, as api.github.com answers: a read a shared cache keeps (public,
    // max-age=60) is then readable by the browser it is served to next.
    const plain = await fetch(`${server.url}/users/admin`, { headers: { authorization: server.adminAuthorization } });
    expect(plain.headers.get('access-control-allow-origin')).to.equal('*');
    expect(plain.headers.get('access-control-expose-headers')).to.match(/\bLink\b/);
    expect(plain.headers.get('access-control-allow-methods')).to.equal(null);
    // An OPTIONS without an Origin is the same 204, not express's text/plain list of methods,
    // and is not charged against the rate limit.
    const before = await fetch(`${server.url}/rate_limit`);
    const options = await fetch(`${server.url}/user`, { method: 'OPTIONS' });
    expect(options.status).to.equal(204);
    expect(await options.text()).to.equal('');
    expect(options.headers.get('content-type')).to.equal(null);
    expect(options.headers.get('access-control-allow-methods')).to.equal('GET, POST, PATCH, PUT, DELETE');
    expect(options.headers.get('x-ratelimit-remaining')).to.equal(null);
    const after = await fetch(`${server.url}/rate_limit`);
    expect(after.headers.get('x-ratelimit-remaining')).to.equal(before.headers.get('x-ratelimit-remaining'));
  });
  // A browser reads only the headers Access-Control-Expose-Headers names: every header of
  // GitHub's that forgelog sends (a 201's Location, the rate limit's used and resource, the
  // media type, the request id, the Authorizations API's Deprecation and Sunset) must be in it,
  // as in the list api.github.com sends; and a preflight must let through the request headers
  // GitHub's own list allows (X-GitHub-Api-Version, which GitHub's docs tell clients to send).
  it('exposes to a browser every GitHub header it sends, and lets X-GitHub-Api-Version through a preflight', async () => {
    const preflight = await fetch(`${server.url}/user/repos`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-github-api-version',
      },
    });
    expect(preflight.status).to.equal(204);
    const allowed = namesIn(preflight.headers.get('access-control-allow-headers'));
    for (const name of ['authorization', 'content-type', 'x-github-api-version', 'x-github-otp', 'if-none-match']) expect(allowed, name).to.include(name);
    const created = await fetch(`${server.url}/user/repos`, {
      method: 'POST',
      headers: { origin: 'http://example.com', authorization: server.adminAuthorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'cross-origin-created' }),
    });
    expect(created.status).to.equal(201);
    expect(created.headers.get('location')).to.match(/\/repos\/admin\/cross-origin-created$/);
    const authorizations = await fetch(`${server.url}/authorizations`, { headers: { origin: 'http://example.com', authorization: server.adminAuthorization } });
    expect(authorizations.status).to.equal(200);
    expect(authorizations.headers.get('sunset')).to.not.equal(null);
    const readable = [
      'etag',
      'link',
      'location',
      'retry-after',
      'x-github-otp',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-used',
      'x-ratelimit-resource',
      'x-ratelimit-reset',
      'x-oauth-scopes',
      'x-accepted-oauth-scopes',
      'x-poll-interval',
      'x-github-media-type',
      'x-github-request-id',
      'deprecation',
      'sunset',
    ];
    for (const response of [preflight, created, authorizations]) {
      const exposed = namesIn(response.headers.get('access-control-expose-headers'));
      for (const name of readable) expect(exposed, name).to.include(name);
    }
  });

  // Search results are not kept: api.github.com answers every search with no-cache (recorded
  // for /search/repositories and /search/issues), where other reads may be kept a minute.
  it('answers searches with Cache-Control: no-cache, other reads with a minute', async () => {
    for (const path of ['/search/repositories?q=cross', '/search/users?q=admin', '/search/issues?q=x']) {
      const found = await fetch(`${server.url}${path}`, { headers: { authorization: server.adminAuthorization } });
      expect(found.status, path).to.equal(200);
      expect(found.headers.get('cache-control'), path).to.equal('no-cache');
    }
    const read = await fetch(`${server.url}/users/admin`, { headers: { authorization: server.adminAuthorization } });
    expect(read.headers.get('cache-control')).to.equal('private, max-age=60, s-maxage=60');
  });
});

function namesIn(list: string | null): string[] {
  return (list ?? '').split(',').map((name) => name.trim().toLowerCase());
}
