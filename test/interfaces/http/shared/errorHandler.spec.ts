import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import { errorHandler } from '../../../../interfaces/http/shared/errorHandler.js';
import { notFound } from '../../../../interfaces/http/shared/notFound.js';
import { requestLog } from '../../../../interfaces/http/shared/requestLog.js';
import { listen, type TestServer } from './listen.js';

describe('notFound and errorHandler', () => {
  let server: TestServer;
  const output: string[] = [];

  before(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => output.push(line) });
    const app = express();
    app.use(requestLog(logger));
    app.post('/strict', express.json({ limit: 16 }), (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/items/:name', (_req, res) => {
      res.json({});
    });
    app.get('/throws', () => {
      throw new Error('disk on fire');
    });
    app.get('/rejects', async () => {
      throw new Error('async disk on fire');
    });
    app.use(notFound());
    app.use(errorHandler(logger));
    server = await listen(app);
  });

  after(() => server.close());

  const errorLines = () =>
    output.map((line) => JSON.parse(line) as { msg: string; reqId?: string; err?: { message: string } }).filter((line) => line.msg === 'unhandled error');

  it("answers unknown routes with GitHub's JSON 404", async () => {
    const response = await fetch(`${server.baseUrl}/no/such/route`);
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(await response.json()).to.deep.equal({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  });

  it('maps body-parser errors to 400 and 413', async () => {
    const post = (body: string) => fetch(`${server.baseUrl}/strict`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    const malformed = await post('{"a":');
    expect(malformed.status).to.equal(400);
    expect(await malformed.json()).to.deep.equal({ message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/rest', status: '400' });
    const tooLarge = await post(JSON.stringify({ a: 'x'.repeat(64) }));
    expect(tooLarge.status).to.equal(413);
    expect(await tooLarge.json()).to.deep.equal({ message: 'Request body too large', documentation_url: 'https://docs.github.com/rest', status: '413' });
    expect(errorLines()).to.deep.equal([]);
  });

  it('answers 400 to a path parameter that cannot be decoded', async () => {
    const response = await fetch(`${server.baseUrl}/items/%E0%A4%A`);
    expect(response.status).to.equal(400);
    expect(await response.json()).to.deep.equal({
      message: "Failed to decode param '%E0%A4%A'",
      documentation_url: 'https://docs.github.com/rest',
      status: '400',
    });
    expect(errorLines()).to.deep.equal([]);
  });

  it('answers 500 "Server Error" to a thrown error and logs it with the request id', async () => {
    output.length = 0;
    for (const path of ['/throws', '/rejects']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status).to.equal(500);
      expect(await response.json()).to.deep.equal({ message: 'Server Error' });
      const requestId = response.headers.get('x-github-request-id');
      const logged = errorLines().find((line) => line.reqId === requestId);
      expect(logged?.err?.message).to.match(/disk on fire$/);
    }
  });
});
