import { expect } from 'chai';
import express from 'express';
import { operationsRouted } from '../../../../interfaces/http/shared/documentationUrl.js';
import { formatContentType, mediaType, mediaTypeOf, parseAccept, requirePreview } from '../../../../interfaces/http/shared/mediaType.js';
import { listen, type TestServer } from './listen.js';

interface Expected {
  readonly version: 'v3' | null;
  readonly previews: readonly string[];
  readonly format: string | null;
  readonly header: string;
}

// A preview named without a version stands where the version does, as api.github.com
// answers it (recorded: github.machine-man-preview, github.mercy-preview, github.inertia-preview,
// each "; format=json"); a format (raw, text-match) is a param after the version.
const table: Array<[string | undefined, Expected]> = [
  [undefined, { version: null, previews: [], format: null, header: 'github.v3; format=json' }],
  ['*/*', { version: null, previews: [], format: null, header: 'github.v3; format=json' }],
  ['application/json', { version: null, previews: [], format: 'json', header: 'github.v3; format=json' }],
  ['application/vnd.github+json', { version: null, previews: [], format: 'json', header: 'github.v3; format=json' }],
  ['application/vnd.github.v3+json', { version: 'v3', previews: [], format: 'json', header: 'github.v3; format=json' }],
  ['application/vnd.github.inertia-preview+json', { version: null, previews: ['inertia'], format: 'json', header: 'github.inertia-preview; format=json' }],
  ['application/vnd.github.v3.text-match+json', { version: 'v3', previews: [], format: 'text-match', header: 'github.v3; param=text-match; format=json' }],
  ['application/vnd.github.cloak-preview', { version: null, previews: ['cloak'], format: null, header: 'github.cloak-preview' }],
  ['application/vnd.github.v3.raw', { version: 'v3', previews: [], format: 'raw', header: 'github.v3; param=raw' }],
  ['application/vnd.github.object', { version: null, previews: [], format: 'object', header: 'github.v3; param=object' }],
  ['application/vnd.github.full+json', { version: null, previews: [], format: 'full', header: 'github.v3; param=full; format=json' }],
  ['application/vnd.github.v3.diff', { version: 'v3', previews: [], format: 'diff', header: 'github.v3; param=diff' }],
  ['application/vnd.github.v3.sha', { version: 'v3', previews: [], format: 'sha', header: 'github.v3; param=sha' }],
  [
    'application/vnd.github.mercy-preview+json, application/vnd.github.v3.text-match+json',
    { version: 'v3', previews: ['mercy'], format: 'text-match', header: 'github.mercy-preview; format=json' },
  ],
  [
    'application/vnd.github.wyandotte-preview+json;q=0.9 , application/vnd.github.barred-rock-preview',
    { version: null, previews: ['wyandotte', 'barred-rock'], format: 'json', header: 'github.wyandotte-preview; format=json' },
  ],
  ['Application/VND.GitHub.V3.HTML+JSON', { version: 'v3', previews: [], format: 'html', header: 'github.v3; param=html; format=json' }],
  ['application/vnd.githubber+json', { version: null, previews: [], format: null, header: 'github.v3; format=json' }],
];

describe('mediaType', () => {
  describe('parseAccept', () => {
    for (const [accept, expected] of table) {
      it(`reads ${JSON.stringify(accept)}`, () => {
        const parsed = parseAccept(accept);
        expect({
          version: parsed.mediaType.version,
          previews: [...parsed.mediaType.previews],
          format: parsed.mediaType.format,
          header: parsed.githubMediaTypeHeader,
        }).to.deep.equal(expected);
      });
    }
  });

  it('names the Content-Type of a body in another format as the client asked for it', () => {
    expect(formatContentType(parseAccept('application/vnd.github.v3.raw').mediaType)).to.equal('application/vnd.github.v3.raw; charset=utf-8');
    expect(formatContentType(parseAccept('application/vnd.github.raw+json').mediaType)).to.equal('application/vnd.github.raw+json; charset=utf-8');
    expect(formatContentType(parseAccept('application/json, application/vnd.github.raw').mediaType)).to.equal('application/vnd.github.raw; charset=utf-8');
  });

  describe('middleware and requirePreview', () => {
    let server: TestServer;

    before(async () => {
      const app = express();
      app.use(mediaType());
      app.use(operationsRouted());
      app.get('/projects/:project_id', requirePreview('inertia'), (_req, res) => {
        const parsed = mediaTypeOf(res);
        res.json({ previews: [...parsed.previews], format: parsed.format });
      });
      app.get('/search/commits', requirePreview('cloak'), (_req, res) => {
        res.json({ total_count: 0 });
      });
      server = await listen(app);
    });

    after(() => server.close());

    const get = (path: string, accept?: string) => fetch(`${server.baseUrl}${path}`, { headers: accept === undefined ? {} : { Accept: accept } });

    it('exposes the parsed media type and echoes X-GitHub-Media-Type', async () => {
      const response = await get('/projects/1', 'application/vnd.github.inertia-preview+json');
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-github-media-type')).to.equal('github.inertia-preview; format=json');
      expect(await response.json()).to.deep.equal({ previews: ['inertia'], format: 'json' });
    });

    it("answers 415 with GitHub's message when the preview is missing", async () => {
      const response = await get('/projects/1', 'application/vnd.github.v3+json');
      expect(response.status).to.equal(415);
      expect(response.headers.get('x-github-media-type')).to.equal('github.v3; format=json');
      expect(await response.json()).to.deep.equal({
        message:
          "If you would like to help us test the Projects API during its preview period, you must specify a custom media type in the 'Accept' header. Please see the docs for full details.",
        documentation_url: 'https://docs.github.com/rest/projects/projects#get-a-project',
        status: '415',
      });
    });

    it('names the API of each preview in the message', async () => {
      const response = await get('/search/commits');
      expect(response.status).to.equal(415);
      expect(((await response.json()) as { message: string }).message).to.match(/^If you would like to help us test the Commit Search API /);
      const accepted = await get('/search/commits', 'application/vnd.github.v3+json, application/vnd.github.cloak-preview');
      expect(accepted.status).to.equal(200);
    });
  });
});
