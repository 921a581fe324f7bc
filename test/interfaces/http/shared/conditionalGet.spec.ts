import { createHash } from 'node:crypto';
import { expect } from 'chai';
import express from 'express';
import { etagMatches, setLastModified, setPollInterval, wasNotModified } from '../../../../interfaces/http/shared/conditionalGet.js';
import { eventually, listen, type TestServer } from './listen.js';

const projectBody = JSON.stringify({ id: 1, name: 'Roadmap' });
const projectEtag = `W/"${createHash('sha256').update(projectBody).digest('hex')}"`;
const feedModifiedAt = new Date('2024-03-01T10:00:00Z');

describe('conditional GET (jsonResponse and conditionalGet)', () => {
  let server: TestServer;
  const notModifiedSeen: boolean[] = [];

  before(async () => {
    const app = express();
    // Express's own ETag would otherwise be added to non-GET responses; the kernel turns it off.
    app.set('etag', false);
    app.use((req, res, next) => {
      res.on('finish', () => notModifiedSeen.push(wasNotModified(res)));
      // The authentication middleware's part, for the Cache-Control spec below.
      if (req.headers.authorization !== undefined) res.locals.caller = { kind: 'user', ip: '', userId: 1, login: 'octocat', siteAdmin: false, via: 'token' };
      next();
    });
    app.get('/projects/1', (_req, res) => {
      res.json({ id: 1, name: 'Roadmap' });
    });
    app.post('/projects', (_req, res) => {
      res.status(201).json({ id: 1, name: 'Roadmap' });
    });
    app.get('/missing', (_req, res) => {
      res.status(404).json({ message: 'Not Found' });
    });
    app.get('/events', (_req, res) => {
      setPollInterval(res, 60);
      setLastModified(res, feedModifiedAt);
      res.json([]);
    });
    server = await listen(app);
  });

  after(() => server.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${server.baseUrl}${path}`, { method, headers });

  it('sets a weak ETag computed from the body bytes on a 200 GET', async () => {
    const response = await get('/projects/1');
    expect(response.status).to.equal(200);
    expect(response.headers.get('etag')).to.equal(projectEtag);
    expect(response.headers.get('vary')).to.equal('Accept, Authorization, Cookie, X-GitHub-OTP');
    expect(await response.text()).to.equal(projectBody);
  });

  it('answers 304 with an empty body, the ETag and no body headers when If-None-Match matches', async () => {
    notModifiedSeen.length = 0;
    const response = await get('/projects/1', { 'If-None-Match': projectEtag });
    expect(response.status).to.equal(304);
    expect(await response.text()).to.equal('');
    expect(response.headers.get('etag')).to.equal(projectEtag);
    expect(response.headers.get('content-type')).to.equal(null);
    expect(response.headers.get('content-length')).to.equal(null);
    // The flag is read when the response finishes, which may follow the client's read.
    expect(await eventually(() => (notModifiedSeen.length > 0 ? notModifiedSeen : undefined))).to.deep.equal([true]);
  });

  it('matches weakly: the strong form, a list, a bare value and * all match', async () => {
    const strong = projectEtag.slice(2);
    for (const ifNoneMatch of [strong, `"other", ${projectEtag}`, `W/"other",${strong}`, strong.slice(1, -1), '*']) {
      const response = await get('/projects/1', { 'If-None-Match': ifNoneMatch });
      expect(response.status, ifNoneMatch).to.equal(304);
    }
  });

  it('answers 200 with the body when no tag matches', async () => {
    const response = await get('/projects/1', { 'If-None-Match': 'W/"stale", "older"' });
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal(projectBody);
  });

  it('validates HEAD requests too', async () => {
    const head = await get('/projects/1', {}, 'HEAD');
    expect(head.status).to.equal(200);
    expect(head.headers.get('etag')).to.equal(projectEtag);
    const conditional = await get('/projects/1', { 'If-None-Match': projectEtag }, 'HEAD');
    expect(conditional.status).to.equal(304);
  });

  // GitHub's writes carry the ETag of what they answer too (a 201, a PATCH's 200), so a client
  // can make its next read conditional; only reads are ever answered 304.
  it('tags a write with its ETag but never answers it 304, and leaves non-200 answers alone', async () => {
    const created = await fetch(`${server.baseUrl}/projects`, { method: 'POST', headers: { 'If-None-Match': '*' } });
    expect(created.status).to.equal(201);
    expect(created.headers.get('etag')).to.equal(projectEtag);
    expect(await created.text()).to.equal(projectBody);
    const missing = await get('/missing', { 'If-None-Match': '*' });
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('etag')).to.equal(null);
    expect(await missing.json()).to.deep.equal({ message: 'Not Found' });
  });

  // GitHub's answers say how long they may be kept: a minute, by the caller alone when they
  // answer a signed-in caller (private), by any cache otherwise (public); a 304 says it again,
  // and so does a write's 201 or 200. Errors carry none.
  it("sets GitHub's Cache-Control on answers with a body: private for a signed-in caller, public otherwise", async () => {
    const anonymous = await get('/projects/1');
    expect(anonymous.headers.get('cache-control')).to.equal('public, max-age=60, s-maxage=60');
    const signedIn = await get('/projects/1', { authorization: 'token t' });
    expect(signedIn.headers.get('cache-control')).to.equal('private, max-age=60, s-maxage=60');
    const notModified = await get('/projects/1', { authorization: 'token t', 'If-None-Match': projectEtag });
    expect(notModified.status).to.equal(304);
    expect(notModified.headers.get('cache-control')).to.equal('private, max-age=60, s-maxage=60');
    const head = await get('/events', {}, 'HEAD');
    expect(head.headers.get('cache-control')).to.equal('public, max-age=60, s-maxage=60');
    expect((await get('/missing')).headers.get('cache-control')).to.equal(null);
    const created = await fetch(`${server.baseUrl}/projects`, { method: 'POST', headers: { authorization: 'token t' } });
    expect(created.status).to.equal(201);
    expect(created.headers.get('cache-control')).to.equal('private, max-age=60, s-maxage=60');
  });

  it('sets X-Poll-Interval and Last-Modified on feeds and honours If-Modified-Since', async () => {
    const first = await get('/events');
    expect(first.headers.get('x-poll-interval')).to.equal('60');
    expect(first.headers.get('last-modified')).to.equal('Fri, 01 Mar 2024 10:00:00 GMT');

    const unchanged = await get('/events', { 'If-Modified-Since': 'Fri, 01 Mar 2024 10:00:00 GMT' });
    expect(unchanged.status).to.equal(304);
    expect(unchanged.headers.get('x-poll-interval')).to.equal('60');
    expect(await unchanged.text()).to.equal('');

    const older = await get('/events', { 'If-Modified-Since': 'Fri, 01 Mar 2024 09:59:59 GMT' });
    expect(older.status).to.equal(200);
    expect(await older.json()).to.deep.equal([]);
  });

  it('lets If-None-Match decide over If-Modified-Since', async () => {
    const response = await get('/events', {
      'If-None-Match': '"something-else"',
      'If-Modified-Since': 'Fri, 01 Mar 2024 10:00:00 GMT',
    });
    expect(response.status).to.equal(200);
  });

  describe('etagMatches', () => {
    const table: Array<[string, string | undefined, boolean]> = [
      ['W/"abc"', 'W/"abc"', true],
      ['"abc"', 'W/"abc"', true],
      ['W/"abc"', '"abc"', true],
      ['abc', '"abc"', true],
      ['*', '"abc"', true],
      ['"x", "y" , W/"abc"', '"abc"', true],
      ['"abcd"', '"abc"', false],
      ['W/"ABC"', '"abc"', false],
      ['', '"abc"', false],
      [',', '"abc"', false],
      ['*', undefined, false],
    ];
    for (const [ifNoneMatch, etag, expected] of table) {
      it(`${JSON.stringify(ifNoneMatch)} against ${String(etag)} is ${expected}`, () => {
        expect(etagMatches(ifNoneMatch, etag)).to.equal(expected);
      });
    }
  });
});
