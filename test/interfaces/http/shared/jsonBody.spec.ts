import { expect } from 'chai';
import express from 'express';
import pino from 'pino';
import { errorHandler } from '../../../../interfaces/http/shared/errorHandler.js';
import { jsonBody } from '../../../../interfaces/http/shared/jsonBody.js';
import { listen, type TestServer } from './listen.js';

describe('jsonBody', () => {
  let server: TestServer;

  before(async () => {
    const app = express();
    app.use(jsonBody({ limit: 64, anonymousLimit: 64 }));
    app.all('/echo', (req, res) => {
      res.json({ bodyType: req.body === undefined ? 'undefined' : typeof req.body, body: req.body ?? null });
    });
    app.use(errorHandler(pino({ level: 'silent' })));
    server = await listen(app);
  });

  after(() => server.close());

  const post = (body: BodyInit, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/echo`, { method: 'POST', body, headers });

  it('parses a JSON object sent as application/json', async () => {
    const response = await post('{"name":"board","body":null}', { 'Content-Type': 'application/json' });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ bodyType: 'object', body: { name: 'board', body: null } });
  });

  it('parses JSON whatever the Content-Type says, as GitHub does', async () => {
    const asText = await post('{"a":1}', { 'Content-Type': 'text/plain' });
    expect(await asText.json()).to.deep.equal({ bodyType: 'object', body: { a: 1 } });
    const asForm = await post('{"a":2}', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(await asForm.json()).to.deep.equal({ bodyType: 'object', body: { a: 2 } });
  });

  it('parses JSON sent with no Content-Type at all', async () => {
    const response = await post(new TextEncoder().encode('[1,2]'));
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(await response.json()).to.deep.equal({ bodyType: 'object', body: [1, 2] });
  });

  it('leaves a valid non-object value for the route to judge', async () => {
    expect(await (await post('"text"', { 'Content-Type': 'application/json' })).json()).to.deep.equal({
      bodyType: 'string',
      body: 'text',
    });
    expect(await (await post('42')).json()).to.deep.equal({ bodyType: 'number', body: 42 });
  });

  it('gives undefined for an empty body and for no body', async () => {
    expect(await (await post('', { 'Content-Type': 'application/json' })).json()).to.deep.equal({
      bodyType: 'undefined',
      body: null,
    });
    expect(await (await post('  \n')).json()).to.deep.equal({ bodyType: 'undefined', body: null });
    const get = await fetch(`${server.baseUrl}/echo`);
    expect(await get.json()).to.deep.equal({ bodyType: 'undefined', body: null });
  });

  it('answers 400 "Problems parsing JSON" to malformed JSON', async () => {
    const response = await post('{"name":', { 'Content-Type': 'application/json' });
    expect(response.status).to.equal(400);
    expect(await response.json()).to.deep.equal({
      message: 'Problems parsing JSON',
      documentation_url: 'https://docs.github.com/rest',
      status: '400',
    });
  });

  // Found by a fuzzing walk-through: such a label name was stored, then its list answered 500.
  it('answers 400 to a string or key that escapes half a surrogate pair (no text at all)', async () => {
    for (const body of ['{"name":"\\ud800x"}', '{"\\udc00":1}', '["ok","\\udbff"]']) {
      const response = await post(body);
      expect(response.status, body).to.equal(400);
      expect(((await response.json()) as { message: string }).message).to.equal('Problems parsing JSON');
    }
    const pair = await post('{"name":"\\ud83d\\ude00"}');
    expect(await pair.json()).to.deep.equal({ bodyType: 'object', body: { name: '\u{1F600}' } });
  });

  it('answers 400 to bytes that are not UTF-8', async () => {
    const response = await post(new Uint8Array([0x22, 0xff, 0xfe, 0x22]), { 'Content-Type': 'application/json' });
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { message: string }).message).to.equal('Problems parsing JSON');
  });

  it('answers 413 when the body exceeds the limit', async () => {
    const response = await post(JSON.stringify({ padding: 'x'.repeat(100) }), { 'Content-Type': 'application/json' });
    expect(response.status).to.equal(413);
    expect(await response.json()).to.deep.equal({
      message: 'Request body too large',
      documentation_url: 'https://docs.github.com/rest',
      status: '413',
    });
  });
});
