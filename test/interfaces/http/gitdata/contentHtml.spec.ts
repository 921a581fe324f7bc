import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const README = [
  '# Hello',
  '',
  'Some *emphasis* and a [link](https://example.com/a?b=1&c=2).',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '<script>alert(1)</script>',
  '',
  '[click](javascript:alert(1)) ![pixel](data:image/png;base64,AAAA) [sneaky](javascript&#58;alert(1))',
  '',
].join('\n');

async function get(server: TestServer, path: string, accept: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers: { accept, ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// GitHub's contents answer `application/vnd.github.html` with a file rendered: a markup file's
// HTML (Markdown here), sanitized, any other file's text escaped; a directory stays JSON.
describe('HTTP contents: the html media type renders a file', () => {
  let server: TestServer;
  let octocat: string;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'docs' });
    for (const [path, content] of [
      ['README.md', README],
      ['notes/plain.txt', 'a <b>bold</b> & plain\n'],
    ]) {
      const put = await api(server, octocat, 'PUT', `/repos/octocat/docs/contents/${path}`, {
        message: path,
        content: Buffer.from(content).toString('base64'),
      });
      expect(put.status, JSON.stringify(put.body)).to.equal(201);
    }
  });
  after(() => server.close());

  it('answers a Markdown file rendered, under the media type asked for', async () => {
    for (const [accept, type] of [
      ['application/vnd.github.html', 'application/vnd.github.html; charset=utf-8'],
      ['application/vnd.github.v3.html', 'application/vnd.github.v3.html; charset=utf-8'],
    ]) {
      const answer = await get(server, '/repos/octocat/docs/contents/README.md', accept);
      expect(answer.status, accept).to.equal(200);
      expect(answer.headers.get('content-type'), accept).to.equal(type);
      expect(answer.text).to.match(
        /^<div id="file" class="md" data-path="README\.md"><article class="markdown-body entry-content container-lg" itemprop="text">/,
      );
      expect(answer.text).to.contain('<h1>Hello</h1>');
      expect(answer.text).to.contain('<p>Some <em>emphasis</em> and a <a href="https://example.com/a?b=1&amp;c=2">link</a>.</p>');
      expect(answer.text).to.contain('<td>1</td>');
    }
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const rendered = await octokit.repos.getContent({ owner: 'octocat', repo: 'docs', path: 'README.md', mediaType: { format: 'html' } });
    expect(rendered.data as unknown as string).to.contain('<h1>Hello</h1>');
  });

  it('sanitizes: raw HTML is shown as text, scripts and data addresses lose their links', async () => {
    const { text } = await get(server, '/repos/octocat/docs/contents/README.md', 'application/vnd.github.html');
    expect(text).to.not.contain('<script');
    expect(text).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).to.not.match(/(href|src)="(javascript|data):/i);
    expect(text).to.contain('click');
    expect(text).to.contain('pixel');
    // A character reference stays text in the address: no colon for a browser to decode.
    expect(text).to.contain('href="javascript&amp;#58;alert(1)"');
  });

  it('shows another file as escaped text, keeps a directory as JSON, and answers 304 to a client holding it', async () => {
    const plain = await get(server, '/repos/octocat/docs/contents/notes/plain.txt', 'application/vnd.github.html');
    expect(plain.text).to.equal(
      '<div id="file" class="plain" data-path="notes/plain.txt"><div class="plain"><pre style="white-space: pre-wrap">a &lt;b&gt;bold&lt;/b&gt; &amp; plain\n</pre></div></div>',
    );
    const directory = await get(server, '/repos/octocat/docs/contents/notes', 'application/vnd.github.html');
    expect(directory.headers.get('content-type')).to.match(/^application\/json/);
    expect(JSON.parse(directory.text).map((entry: { name: string }) => entry.name)).to.deep.equal(['plain.txt']);
    const first = await get(server, '/repos/octocat/docs/contents/README.md', 'application/vnd.github.html');
    const again = await get(server, '/repos/octocat/docs/contents/README.md', 'application/vnd.github.html', { 'if-none-match': first.headers.get('etag')! });
    expect([again.status, again.text]).to.deep.equal([304, '']);
    // The default stays the JSON object.
    const json = await api(server, null, 'GET', '/repos/octocat/docs/contents/README.md');
    expect(json.body).to.include({ type: 'file', encoding: 'base64' });
  });
});
