import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import type { Caller } from '../../../../interfaces/http/shared/caller.js';
import { jsonBody } from '../../../../interfaces/http/shared/jsonBody.js';
import { millisecondsText, redactUrl, requestLog } from '../../../../interfaces/http/shared/requestLog.js';
import { eventually, listen, type TestServer } from './listen.js';

const secrets = ['gho_tokenInHeader', 'session=cookieSecret', '123456', 'queryToken', 'querySecret', 'hunter2', 'bodyClientSecret', 'bodyToken'];

interface LogLine {
  readonly msg: string;
  readonly reqId?: string;
  readonly callerId?: number | null;
  readonly responseTime?: number;
  readonly req?: { method: string; url: string; headers: Record<string, string> };
  readonly res?: { statusCode: number };
  readonly body?: Record<string, unknown>;
}

describe('requestLog', () => {
  let server: TestServer;
  const output: string[] = [];

  before(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => output.push(line) });
    const app = express();
    app.use(requestLog(logger));
    app.use((req, res, next) => {
      if (req.get('Authorization'))
        res.locals.caller = { kind: 'user', ip: '127.0.0.1', userId: 7, login: 'octocat', siteAdmin: false, via: 'token' } satisfies Caller;
      next();
    });
    app.use(jsonBody());
    app.post('/authorizations', (req, res) => {
      // A handler that carelessly logs the body still leaks nothing.
      req.log.info({ body: req.body }, 'creating authorization');
      res.status(201).json({ id: 1 });
    });
    app.get('/zen', (_req, res) => {
      res.json({ zen: 'ok' });
    });
    server = await listen(app);
  });

  after(() => server.close());

  const linesWith = (msg: string) => output.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === msg);

  it('logs method, redacted url, status, duration and caller id, and no secret anywhere', async () => {
    output.length = 0;
    const response = await fetch(`${server.baseUrl}/authorizations?access_token=queryToken&page=2&client_secret=querySecret`, {
      method: 'POST',
      headers: {
        Authorization: 'token gho_tokenInHeader',
        'User-Agent': 'requestLog-spec/1.0',
        Cookie: 'session=cookieSecret',
        'X-GitHub-OTP': '123456',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ password: 'hunter2', client_secret: 'bodyClientSecret', token: 'bodyToken', note: 'ci' }),
    });
    expect(response.status).to.equal(201);
    const requestId = response.headers.get('x-github-request-id');
    expect(requestId).to.match(/^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{6}:[0-9A-F]{8}$/);

    const [completed] = await eventually(() => {
      const lines = linesWith('request completed');
      return lines.length > 0 ? lines : undefined;
    });
    expect(completed.req?.method).to.equal('POST');
    expect(completed.req?.url).to.equal('/authorizations?access_token=[REDACTED]&page=2&client_secret=[REDACTED]');
    expect(completed.req).not.to.have.property('headers');
    expect((completed.req as unknown as { userAgent: string }).userAgent).to.equal('requestLog-spec/1.0');
    expect(completed.res).to.deep.equal({ statusCode: 201 });
    expect(completed.responseTime).to.be.a('number');
    expect(completed.callerId).to.equal(7);
    expect(completed.reqId).to.equal(undefined);
    expect((completed.req as unknown as { id: string }).id).to.equal(requestId);
    // In pino's line format, with the fields pino's own lines carry.
    expect(completed).to.include({ level: 30, pid: process.pid });
    expect((completed as unknown as { hostname: string }).hostname)
      .to.be.a('string')
      .and.not.equal('');
    expect((completed as unknown as { time: number }).time).to.be.closeTo(Date.now(), 60_000);

    const [handlerLine] = linesWith('creating authorization');
    expect(handlerLine.body).to.deep.equal({ password: '[REDACTED]', client_secret: '[REDACTED]', token: '[REDACTED]', note: 'ci' });

    const everything = output.join('');
    for (const secret of secrets) expect(everything, secret).not.to.contain(secret);
  });

  it('logs a null caller id for anonymous requests', async () => {
    output.length = 0;
    await fetch(`${server.baseUrl}/zen`);
    const [completed] = await eventually(() => {
      const lines = linesWith('request completed');
      return lines.length > 0 ? lines : undefined;
    });
    expect(completed.callerId).to.equal(null);
    expect(completed.req?.url).to.equal('/zen');
  });

  describe('redactUrl', () => {
    const table: Array<[string, string]> = [
      ['/user', '/user'],
      ['/user?page=2', '/user?page=2'],
      ['/user?access_token=abc', '/user?access_token=[REDACTED]'],
      ['/user?ACCESS_TOKEN=abc&x=1', '/user?ACCESS_TOKEN=[REDACTED]&x=1'],
      ['/user?access%5Ftoken=abc', '/user?access%5Ftoken=[REDACTED]'],
      [
        '/applications?client_id=id&client_secret=s&password=p&token',
        '/applications?client_id=id&client_secret=[REDACTED]&password=[REDACTED]&token=[REDACTED]',
      ],
      ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
    ];
    for (const [url, expected] of table) {
      it(`${url} -> ${expected}`, () => {
        expect(redactUrl(url)).to.equal(expected);
      });
    }
  });

  describe('millisecondsText', () => {
    it('gives milliseconds to the microsecond as the number JSON would read back', () => {
      const table: Array<[number, string]> = [
        [0, '0.000'],
        [0.0004, '0.000'],
        [0.0456, '0.046'],
        [1.5, '1.500'],
        [12.3456, '12.346'],
        [1234.0099, '1234.010'],
        [-1, '0'],
        [Number.NaN, '0'],
      ];
      for (const [milliseconds, text] of table) {
        expect(millisecondsText(milliseconds), String(milliseconds)).to.equal(text);
        expect(JSON.parse(text)).to.be.closeTo(Math.max(0, milliseconds) || 0, 0.0005);
      }
    });
  });
});
