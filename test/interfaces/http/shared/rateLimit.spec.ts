import { expect } from 'chai';
import express, { type RequestHandler } from 'express';
import type { Caller } from '../../../../interfaces/http/shared/caller.js';
import { rateLimiter, rateLimitSettingsFrom, searchRoutesUseSearchBudget, type RateLimitSettings } from '../../../../interfaces/http/shared/rateLimit.js';
import { rateWindows } from '../../../../interfaces/http/shared/rateWindows.js';
import { loadConfig } from '../../../../infrastructure/shared/config/config.js';
import { listen, type TestServer } from './listen.js';

const DOCUMENTATION_URL = 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting';
const startMs = 1_700_000_000_000;

// Stands in for the authentication middleware: X-Test-User makes the caller that user.
const fakeAuthentication: RequestHandler = (req, res, next) => {
  const userId = req.get('X-Test-User');
  res.locals.caller = (
    userId
      ? { kind: 'user', ip: '127.0.0.1', userId: Number(userId), login: `user${userId}`, siteAdmin: false, via: 'token' }
      : { kind: 'anonymous', ip: '127.0.0.1' }
  ) satisfies Caller;
  next();
};

interface Harness {
  readonly server: TestServer;
  readonly clock: { now: number };
}

async function startHarness(overrides: Partial<RateLimitSettings> = {}): Promise<Harness> {
  const clock = { now: startMs };
  const settings: RateLimitSettings = { ...rateLimitSettingsFrom(loadConfig({}).rateLimits, () => clock.now), ...overrides };
  const limiter = rateLimiter(settings);
  const app = express();
  app.set('etag', false);
  app.use(fakeAuthentication);
  app.use(searchRoutesUseSearchBudget());
  app.use(limiter.middleware);
  app.get('/rate_limit', limiter.statusHandler);
  for (const path of ['/search/code', '/search/issues']) {
    app.get(path, (_req, res) => {
      res.json({ total_count: 0, incomplete_results: false, items: [] });
    });
  }
  app.get('/zen', (_req, res) => {
    res.json({ zen: 'Keep it logically awesome.' });
  });
  return { server: await listen(app), clock };
}

function rateHeaders(response: Response) {
  return {
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    used: response.headers.get('x-ratelimit-used'),
    reset: response.headers.get('x-ratelimit-reset'),
    resource: response.headers.get('x-ratelimit-resource'),
  };
}

describe('rateLimiter', () => {
  let harness: Harness;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${harness.server.baseUrl}${path}`, { headers });

  afterEach(() => harness.server.close());

  it('lets 60 anonymous core requests through, refuses the 61st, and renews after the reset', async () => {
    harness = await startHarness();
    const firstReset = String((startMs + 3600_000) / 1000);
    const first = await get('/zen');
    expect(rateHeaders(first)).to.deep.equal({ limit: '60', remaining: '59', used: '1', reset: firstReset, resource: 'core' });
    for (let request = 2; request <= 60; request += 1) expect((await get('/zen')).status).to.equal(200);

    const refused = await get('/zen');
    expect(refused.status).to.equal(403);
    expect(await refused.json()).to.deep.equal({
      message:
        "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. " +
        'Check out the documentation for more details.)',
      documentation_url: DOCUMENTATION_URL,
      status: '403',
    });
    expect(rateHeaders(refused)).to.deep.equal({ limit: '60', remaining: '0', used: '60', reset: firstReset, resource: 'core' });

    harness.clock.now = startMs + 3600_000;
    const renewed = await get('/zen');
    expect(renewed.status).to.equal(200);
    expect(rateHeaders(renewed)).to.deep.equal({
      limit: '60',
      remaining: '59',
      used: '1',
      reset: String((startMs + 2 * 3600_000) / 1000),
      resource: 'core',
    });
  });

  it('keys authenticated callers by user id with their own limit and message', async () => {
    harness = await startHarness({ core: { authenticated: 2, anonymous: 1, windowSeconds: 3600 } });
    expect(rateHeaders(await get('/zen', { 'X-Test-User': '42' })).remaining).to.equal('1');
    expect((await get('/zen', { 'X-Test-User': '42' })).status).to.equal(200);
    const refused = await get('/zen', { 'X-Test-User': '42' });
    expect(refused.status).to.equal(403);
    expect(await refused.json()).to.deep.equal({
      message: 'API rate limit exceeded for user ID 42.',
      documentation_url: DOCUMENTATION_URL,
      status: '403',
    });
    const otherUser = await get('/zen', { 'X-Test-User': '7' });
    expect(rateHeaders(otherUser)).to.include({ limit: '2', remaining: '1', used: '1' });
    const anonymous = await get('/zen');
    expect(rateHeaders(anonymous)).to.include({ limit: '1', remaining: '0', used: '1' });
  });

  it('counts search routes against the search budget only', async () => {
    harness = await startHarness();
    const search = await get('/search/issues?q=addClass');
    expect(rateHeaders(search)).to.deep.equal({
      limit: '10',
      remaining: '9',
      used: '1',
      reset: String((startMs + 60_000) / 1000),
      resource: 'search',
    });
    expect(rateHeaders(await get('/zen'))).to.include({ limit: '60', used: '1', resource: 'core' });
    for (let request = 2; request <= 10; request += 1) await get('/search/issues?q=x');
    expect((await get('/search/issues?q=x')).status).to.equal(403);
    expect((await get('/zen')).status).to.equal(200);
  });

  it('counts /search/code against a code_search budget of its own: 10 a minute signed in', async () => {
    harness = await startHarness();
    const user = { 'X-Test-User': '42' };
    const code = await get('/search/code?q=addClass', user);
    expect(rateHeaders(code)).to.deep.equal({
      limit: '10',
      remaining: '9',
      used: '1',
      reset: String((startMs + 60_000) / 1000),
      resource: 'code_search',
    });
    for (let request = 2; request <= 10; request += 1) expect((await get('/search/code?q=x', user)).status).to.equal(200);
    const refused = await get('/search/code?q=x', user);
    expect(refused.status).to.equal(403);
    expect(rateHeaders(refused)).to.include({ limit: '10', remaining: '0', resource: 'code_search' });
    // The other searches keep their own budget.
    expect(rateHeaders(await get('/search/issues?q=x', user))).to.include({ limit: '30', used: '1', resource: 'search' });
    harness.clock.now = startMs + 60_000;
    expect(rateHeaders(await get('/search/code?q=x', user))).to.include({ used: '1', resource: 'code_search' });
  });

  it('a search spelled in capitals (routed all the same) spends the search budgets, not core', async () => {
    harness = await startHarness();
    const user = { 'X-Test-User': '42' };
    expect(rateHeaders(await get('/SEARCH/Issues?q=x'))).to.include({ limit: '10', used: '1', resource: 'search' });
    expect(rateHeaders(await get('/Search/CODE?q=x', user))).to.include({ limit: '10', used: '1', resource: 'code_search' });
    for (let request = 2; request <= 10; request += 1) await get('/search/issues?q=x');
    const refused = await get('/Search/issues?q=x');
    expect(refused.status).to.equal(403);
    expect(rateHeaders(refused)).to.include({ remaining: '0', resource: 'search' });
  });

  it('does not charge a 304, and the 304 carries the refunded count', async () => {
    harness = await startHarness();
    const first = await get('/zen');
    const etag = first.headers.get('etag') ?? '';
    expect(rateHeaders(first)).to.include({ used: '1', remaining: '59' });
    for (let request = 0; request < 3; request += 1) {
      const notModified = await get('/zen', { 'If-None-Match': etag });
      expect(notModified.status).to.equal(304);
      expect(rateHeaders(notModified)).to.include({ used: '1', remaining: '59' });
    }
    expect(rateHeaders(await get('/zen'))).to.include({ used: '2', remaining: '58' });
  });

  it('sends no headers and enforces nothing when disabled', async () => {
    harness = await startHarness({ enabled: false, core: { authenticated: 1, anonymous: 1, windowSeconds: 60 } });
    for (let request = 0; request < 3; request += 1) {
      const response = await get('/zen');
      expect(response.status).to.equal(200);
      expect(rateHeaders(response)).to.deep.equal({ limit: null, remaining: null, used: null, reset: null, resource: null });
    }
    const status = await get('/rate_limit');
    expect(status.status).to.equal(404);
    expect(((await status.json()) as { message: string }).message).to.equal('Rate limiting is not enabled.');
  });

  it('reads FORGELOG_RATE_LIMITS=off as disabled and GitHub.com figures otherwise', () => {
    expect(rateLimitSettingsFrom(loadConfig({ FORGELOG_RATE_LIMITS: 'off' }).rateLimits, Date.now).enabled).to.equal(false);
    const settings = rateLimitSettingsFrom(loadConfig({}).rateLimits, Date.now);
    expect(settings.enabled).to.equal(true);
    expect(settings.core).to.deep.equal({ authenticated: 5000, anonymous: 60, windowSeconds: 3600 });
    expect(settings.search).to.deep.equal({ authenticated: 30, anonymous: 10, windowSeconds: 60 });
    expect(settings.code_search).to.deep.equal({ authenticated: 10, anonymous: 10, windowSeconds: 60 });
    const lowered = rateLimitSettingsFrom(loadConfig({ FORGELOG_RATE_LIMIT_CODE_SEARCH: '3' }).rateLimits, Date.now);
    expect(lowered.code_search.authenticated).to.equal(3);
  });

  describe('GET /rate_limit', () => {
    it("reports the resources in GitHub's shape without counting itself", async () => {
      harness = await startHarness();
      await get('/zen');
      await get('/zen');
      await get('/search/issues?q=x');
      await get('/search/code?q=x');
      await get('/search/code?q=y');
      for (let call = 0; call < 2; call += 1) {
        const response = await get('/rate_limit');
        expect(response.status).to.equal(200);
        const core = { limit: 60, remaining: 58, reset: (startMs + 3600_000) / 1000, used: 2, resource: 'core' };
        const search = { limit: 10, remaining: 9, reset: (startMs + 60_000) / 1000, used: 1, resource: 'search' };
        const codeSearch = { limit: 10, remaining: 8, reset: (startMs + 60_000) / 1000, used: 2, resource: 'code_search' };
        expect(await response.json()).to.deep.equal({ resources: { core, search, code_search: codeSearch }, rate: core });
        expect(rateHeaders(response)).to.include({ used: '2', remaining: '58', resource: 'core' });
      }
    });

    it('reports a full budget for a caller who has not called yet', async () => {
      harness = await startHarness();
      const body = (await (await get('/rate_limit', { 'X-Test-User': '5' })).json()) as {
        rate: Record<string, unknown>;
      };
      expect(body.rate).to.deep.equal({ limit: 5000, remaining: 5000, reset: (startMs + 3600_000) / 1000, used: 0, resource: 'core' });
    });
  });
});

describe('rateWindows', () => {
  it('drops expired windows so memory stays bounded by active callers', () => {
    const clock = { now: startMs };
    const windows = rateWindows(rateLimitSettingsFrom(loadConfig({}).rateLimits, () => clock.now));
    for (let caller = 0; caller < 500; caller += 1) windows.current('core', { kind: 'anonymous', ip: `10.0.0.${caller}` });
    for (let caller = 0; caller < 50; caller += 1) windows.current('search', { kind: 'anonymous', ip: `10.0.1.${caller}` });
    expect(windows.size()).to.equal(550);

    clock.now = startMs + 60_000;
    windows.current('core', { kind: 'anonymous', ip: '10.0.0.1' });
    expect(windows.size()).to.equal(500);

    clock.now = startMs + 3600_000;
    windows.current('core', { kind: 'anonymous', ip: '10.9.9.9' });
    expect(windows.size()).to.equal(1);
  });
});
