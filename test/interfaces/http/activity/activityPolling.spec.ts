import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { expectEventsSchema } from '../../../support/schemas.js';
import { ManualClock, newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { eventLoopLoad } from '../../../../infrastructure/shared/load/eventLoopLoad.js';
import { rm } from 'node:fs/promises';
import { pino } from 'pino';
import type { ServerLoad } from '../../../../application/shared/ports/serverLoad.port.js';
import { TOKENS } from '../../../../application/shared/ports/tokens.js';
import { loadConfig } from '../../../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../../../infrastructure/shared/container/runtime.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { expectPollInterval, feed, settled, withoutActivityCheckpoint } from './activityFixtures.js';

const DAY = 86_400_000;

describe('activity feeds: polling with ETag and Last-Modified, the 300-event cap, the 90-day window', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
  let octocat: string;

  before(async () => {
    server = await startTestServer({ FORGELOG_RATE_LIMITS: 'on' }, undefined, { clock });
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'busy' });
    await settled(server);
  });
  after(() => server.close());

  it('a conditional request through @octokit/rest answers 304 until the feed changes, and does not count against the rate limit', async () => {
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    await settled(server);
    const first = await octokit.activity.listRepoEvents({ owner: 'octocat', repo: 'busy' });
    expectEventsSchema(first.data);
    const etag = first.headers.etag!;
    expect(etag).to.match(/^W\/"[0-9a-f]{64}"$/);
    // Answered within the second of its newest event: dated a second earlier (setPolledLastModified).
    expect(first.headers['last-modified']).to.equal(new Date('2026-05-31T23:59:59Z').toUTCString());
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    for (let poll = 0; poll < 3; poll++) {
      const error = await octokit.activity.listRepoEvents({ owner: 'octocat', repo: 'busy', headers: { 'if-none-match': etag } }).then(
        () => expect.fail('expected 304'),
        (caught: { status: number; response: { headers: Record<string, string>; data: unknown } }) => caught,
      );
      expect(error.status).to.equal(304);
      expect(error.response.headers.etag).to.equal(etag);
      expectPollInterval(error.response.headers['x-poll-interval']);
      expect(Number(error.response.headers['x-ratelimit-remaining'])).to.equal(remaining);
    }
    const raw = await fetch(`${server.url}/repos/octocat/busy/events`, { headers: { authorization: octocat, 'if-none-match': etag } });
    expect(raw.status).to.equal(304);
    expect(await raw.text()).to.equal('');
    // That date sent back gets the page (it may have changed within its second); once the second
    // has passed, the page is dated by its event, and that date sent back gets a 304.
    const fresh = await fetch(`${server.url}/repos/octocat/busy/events`, { headers: { 'if-modified-since': first.headers['last-modified']! } });
    expect(fresh.status).to.equal(200);
    clock.advance(1000);
    const settledPage = await fetch(`${server.url}/repos/octocat/busy/events`, { headers: { 'if-modified-since': first.headers['last-modified']! } });
    expect(settledPage.status).to.equal(200);
    expect(settledPage.headers.get('last-modified')).to.equal(new Date('2026-06-01T00:00:00Z').toUTCString());
    const sinceModified = await fetch(`${server.url}/repos/octocat/busy/events`, {
      headers: { 'if-modified-since': settledPage.headers.get('last-modified')! },
    });
    expect(sinceModified.status).to.equal(304);
    // A new event: a new ETag, a 200 with the event on top.
    expect((await api(server, octocat, 'POST', '/repos/octocat/busy/issues', { title: 'New' })).status).to.equal(201);
    await settled(server);
    const changed = await octokit.activity.listRepoEvents({ owner: 'octocat', repo: 'busy', headers: { 'if-none-match': etag } });
    expect(changed.status).to.equal(200);
    expect(changed.headers.etag).to.not.equal(etag);
    expect(changed.data[0].type).to.equal('IssuesEvent');
    expect(changed.headers['last-modified']).to.equal(new Date('2026-06-01T00:00:00Z').toUTCString());
    // The ETag is the caller's view: someone who sees the same events gets the same one.
    const anonymous = await fetch(`${server.url}/repos/octocat/busy/events`);
    expect(anonymous.headers.get('etag')).to.equal(changed.headers.etag);
    // Another event within that second: a poll sending that date back gets it, not a 304.
    expect((await api(server, octocat, 'POST', '/repos/octocat/busy/issues', { title: 'Same second' })).status).to.equal(201);
    await settled(server);
    const sameSecond = await fetch(`${server.url}/repos/octocat/busy/events`, { headers: { 'if-modified-since': changed.headers['last-modified']! } });
    expect(sameSecond.status).to.equal(200);
    expect(((await sameSecond.json()) as { payload: { issue: { title: string } } }[])[0]!.payload.issue.title).to.equal('Same second');
  });

  it('a new ETag when what a page embeds stops showing: a deleted fork turns the ForkEvent’s forkee null', async () => {
    const forker = await createUser(server, 'forker');
    await createRepository(server, octocat, { name: 'forked' });
    expect((await api(server, forker, 'POST', '/repos/octocat/forked/forks', {})).status).to.equal(202);
    await settled(server);
    const before = await fetch(`${server.url}/repos/octocat/forked/events`);
    const etag = before.headers.get('etag')!;
    const [fork] = (await before.json()) as any[];
    expect(fork.type).to.equal('ForkEvent');
    expect(fork.payload.forkee).to.deep.include({ full_name: 'forker/forked' });
    expect((await fetch(`${server.url}/repos/octocat/forked/events`, { headers: { 'if-none-match': etag } })).status).to.equal(304);
    expect((await api(server, forker, 'DELETE', '/repos/forker/forked')).status).to.equal(204);
    await settled(server);
    const after = await fetch(`${server.url}/repos/octocat/forked/events`, { headers: { 'if-none-match': etag } });
    expect(after.status).to.equal(200);
    expect(after.headers.get('etag')).to.not.equal(etag);
    const [stillThere] = (await after.json()) as any[];
    expect(stillThere).to.deep.include({ id: fork.id, type: 'ForkEvent' });
    expect(stillThere.payload.forkee).to.equal(null);
  });

  it('keeps the newest 300 events of a feed', async () => {
    for (let issue = 0; issue < 301; issue++) {
      expect((await api(server, octocat, 'POST', '/repos/octocat/busy/issues', { title: `Issue ${issue}` })).status).to.equal(201);
    }
    await settled(server);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await feed(server, octocat, `/repos/octocat/busy/events?per_page=100&page=${page}`)).body);
    expect(pages).to.have.length(300);
    expect((await feed(server, octocat, '/repos/octocat/busy/events?per_page=100&page=4')).status, 'past the events kept').to.equal(422);
    expect(pages[0].payload.issue.title).to.equal('Issue 300');
    expect(pages[299].payload.issue.title).to.equal('Issue 1');
    const last = await feed(server, octocat, '/repos/octocat/busy/events?per_page=100&page=3');
    expect(last.headers.get('link')).to.contain('rel="prev"').and.not.contain('rel="next"');
  });

  it('shows only the last 90 days', async () => {
    const before = (await feed(server, octocat, '/users/octocat/events?per_page=100')).body.length;
    expect(before).to.equal(100);
    clock.advance(89 * DAY);
    expect((await feed(server, octocat, '/users/octocat/events?per_page=100')).body).to.have.length(100);
    clock.advance(2 * DAY);
    expect((await feed(server, octocat, '/users/octocat/events')).body).to.deep.equal([]);
    const records = server.runtime.adapters.readModels.collection('activity_events');
    const kept = await records.count({});
    expect((await api(server, octocat, 'POST', '/repos/octocat/busy/issues', { title: 'Fresh' })).status).to.equal(201);
    const fresh = await feed(server, octocat, '/users/octocat/events');
    expect(fresh.body.map((event: any) => event.payload.issue.title)).to.deep.equal(['Fresh']);
    // Each new event takes a few expired records with it.
    expect(await records.count({})).to.equal(kept + 1 - 4);
  });

  it('GET /events answers 503 with GitHub’s body while the activity projection has no checkpoint', async () => {
    const unavailable = await withoutActivityCheckpoint(server, () => api(server, null, 'GET', '/events'));
    expect(unavailable.status).to.equal(503);
    expect(unavailable.body).to.deep.equal({
      code: 'unavailable',
      message: 'Service Unavailable',
      documentation_url: 'https://docs.github.com/rest/activity/events#list-public-events',
    });
    expect((await api(server, null, 'GET', '/events')).status).to.equal(200);
  });
});

describe('activity feeds: X-Poll-Interval follows the server’s load', () => {
  let server: TestServer;
  let utilization = 0;
  before(async () => {
    server = await startTestServer({}, undefined, { serverLoad: { utilization: () => utilization } });
    await createRepository(server, await createUser(server, 'octocat'), { name: 'watched' });
    await settled(server);
  });
  after(() => server.close());

  it('asks pollers to wait twice as long above 80% and five times above 95%, on 200s and 304s alike', async () => {
    const first = await feed(server, null, '/users/octocat/events');
    expect(first.headers.get('x-poll-interval')).to.equal('60');
    const etag = first.headers.get('etag')!;
    for (const [load, seconds] of [
      [0.85, '120'],
      [0.99, '300'],
      [0.5, '60'],
    ] as const) {
      utilization = load;
      const page = await fetch(`${server.url}/users/octocat/events`);
      expect(page.status).to.equal(200);
      expect(page.headers.get('x-poll-interval')).to.equal(seconds);
      // The interval is advice about the server, not the feed: the ETag does not move.
      expect(page.headers.get('etag')).to.equal(etag);
      const poll = await fetch(`${server.url}/users/octocat/events`, { headers: { 'if-none-match': etag } });
      expect(poll.status).to.equal(304);
      expect(poll.headers.get('x-poll-interval')).to.equal(seconds);
    }
  });

  it('measures the event loop’s utilization over its last window by default', () => {
    const load = eventLoopLoad(10);
    // Running code without yielding is all load: the window that ends here was fully busy.
    const until = performance.now() + 20;
    while (performance.now() < until);
    expect(load.utilization()).to.be.above(0.9);
  });

  it('is what a runtime uses when none is given', async () => {
    const dataDir = await newDataDir();
    const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir }), { role: 'cli', logger: pino({ level: 'silent' }) });
    try {
      const load = runtime.container.get<ServerLoad>(TOKENS.ServerLoad);
      const until = performance.now() + 2_100;
      // The first two-second window (busy from here to its end) is what it reports once it ends.
      while (performance.now() < until);
      expect(load.utilization()).to.be.above(0.5);
    } finally {
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('activity feeds: the limit and the window are settings', () => {
  let server: TestServer;
  after(() => server.close());

  it('FORGELOG_ACTIVITY_FEED_LIMIT and FORGELOG_ACTIVITY_MAX_AGE_DAYS', async () => {
    const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
    server = await startTestServer({ FORGELOG_ACTIVITY_FEED_LIMIT: '3', FORGELOG_ACTIVITY_MAX_AGE_DAYS: '2' }, undefined, { clock });
    const octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'small' });
    for (let issue = 0; issue < 5; issue++)
      expect((await api(server, octocat, 'POST', '/repos/octocat/small/issues', { title: `I${issue}` })).status).to.equal(201);
    const { body } = await feed(server, null, '/repos/octocat/small/events');
    expect(body.map((event: any) => event.payload.issue.title)).to.deep.equal(['I4', 'I3', 'I2']);
    expect((await feed(server, null, '/repos/octocat/small/events?per_page=2&page=2')).body.map((event: any) => event.payload.issue.title)).to.deep.equal([
      'I2',
    ]);
    expect((await feed(server, null, '/repos/octocat/small/events?per_page=3&page=2')).status, 'past the events a feed shows').to.equal(422);
    clock.advance(2 * DAY + 1);
    expect((await feed(server, null, '/repos/octocat/small/events')).body).to.deep.equal([]);
  });
});
