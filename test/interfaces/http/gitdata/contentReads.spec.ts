import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const BINARY = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x0a, 0xfe]);

interface TreeEntryInput {
  readonly path: string;
  readonly mode: string;
  readonly type: string;
  readonly sha?: string;
  readonly content?: string;
}

// A request as a client with its own Accept sends it; the body kept as bytes.
async function fetchBytes(server: TestServer, authorization: string | null, path: string, accept?: string) {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (accept) headers.accept = accept;
  const response = await fetch(path.startsWith('http') ? path : `${server.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

// One commit on main through Git Data: the entries laid over main's tree.
async function commitOnMain(server: TestServer, authorization: string, fullName: string, entries: readonly TreeEntryInput[]): Promise<string> {
  const main = (await api(server, authorization, 'GET', `/repos/${fullName}/git/ref/heads/main`)).body.object.sha;
  const baseTree = (await api(server, authorization, 'GET', `/repos/${fullName}/git/commits/${main}`)).body.tree.sha;
  const tree = await api(server, authorization, 'POST', `/repos/${fullName}/git/trees`, { base_tree: baseTree, tree: entries });
  expect(tree.status, JSON.stringify(tree.body)).to.equal(201);
  const commit = await api(server, authorization, 'POST', `/repos/${fullName}/git/commits`, { message: 'Lay out', tree: tree.body.sha, parents: [main] });
  expect(commit.status, JSON.stringify(commit.body)).to.equal(201);
  const moved = await api(server, authorization, 'PATCH', `/repos/${fullName}/git/refs/heads/main`, { sha: commit.body.sha });
  expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
  return commit.body.sha;
}

describe('repository contents: reading files, directories, symlinks and submodules as GitHub answers them', () => {
  let server: TestServer;
  let octocat: string;
  let binarySha: string;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'reads', auto_init: true });
    const blob = await api(server, octocat, 'POST', '/repos/octocat/reads/git/blobs', { content: BINARY.toString('base64'), encoding: 'base64' });
    binarySha = blob.body.sha;
    await commitOnMain(server, octocat, 'octocat/reads', [
      { path: 'docs/guide.md', mode: '100644', type: 'blob', content: '# Guide\n' },
      { path: 'docs/logo.bin', mode: '100644', type: 'blob', sha: binarySha },
    ]);
  });
  after(async () => {
    await server.close();
  });

  it("answers a file's raw bytes for each spelling of the raw media type, under the type asked for", async () => {
    for (const [accept, contentType] of [
      ['application/vnd.github.raw', 'application/vnd.github.raw; charset=utf-8'],
      ['application/vnd.github.v3.raw', 'application/vnd.github.v3.raw; charset=utf-8'],
      ['application/vnd.github.raw+json', 'application/vnd.github.raw+json; charset=utf-8'],
    ] as const) {
      const text = await fetchBytes(server, null, '/repos/octocat/reads/contents/docs/guide.md', accept);
      expect(text.status, accept).to.equal(200);
      expect(text.bytes.toString('utf8')).to.equal('# Guide\n');
      expect(text.headers.get('content-type')).to.equal(contentType);
      expect(text.headers.get('content-length')).to.equal('8');
      expect(text.headers.get('x-github-media-type')).to.match(/^github\.v3; param=raw/);
      const binary = await fetchBytes(server, null, '/repos/octocat/reads/contents/docs/logo.bin', accept);
      expect(binary.bytes.equals(BINARY), accept).to.equal(true);
    }
    // The default stays the JSON object with base64 content.
    const json = await api(server, null, 'GET', '/repos/octocat/reads/contents/docs/logo.bin');
    expectSchema('content-file', json.body);
    expect(Buffer.from(json.body.content, 'base64').equals(BINARY)).to.equal(true);
  });

  it("answers a blob's raw bytes from git/blobs for the raw media type, and the blob object otherwise", async () => {
    const raw = await fetchBytes(server, null, `/repos/octocat/reads/git/blobs/${binarySha}`, 'application/vnd.github.v3.raw');
    expect(raw.status).to.equal(200);
    expect(raw.bytes.equals(BINARY)).to.equal(true);
    expect(raw.headers.get('content-type')).to.equal('application/vnd.github.v3.raw; charset=utf-8');
    const json = await api(server, null, 'GET', `/repos/octocat/reads/git/blobs/${binarySha}`);
    expectSchema('blob', json.body);
    expect(json.body).to.include({ sha: binarySha, encoding: 'base64', size: BINARY.length });
    const missing = await fetchBytes(server, null, `/repos/octocat/reads/git/blobs/${'0'.repeat(40)}`, 'application/vnd.github.raw');
    expect(missing.status).to.equal(404);
    expect(JSON.parse(missing.bytes.toString('utf8'))).to.include({ message: 'Not Found' });
  });

  it('answers a directory as an object with entries for the object media type, and as the usual list for raw', async () => {
    for (const accept of ['application/vnd.github.object', 'application/vnd.github.v3.object', 'application/vnd.github.object+json']) {
      const tree = await fetchBytes(server, null, '/repos/octocat/reads/contents/docs', accept);
      expect(tree.status, accept).to.equal(200);
      expect(tree.headers.get('content-type')).to.match(/^application\/json/);
      const body = JSON.parse(tree.bytes.toString('utf8'));
      expectSchema('content-tree', body);
      expect(body).to.include({ type: 'dir', name: 'docs', path: 'docs', download_url: null });
      expect(body.url).to.equal(`${server.url}/repos/octocat/reads/contents/docs?ref=main`);
      expect(body.entries.map((entry: { path: string; type: string }) => `${entry.type} ${entry.path}`)).to.deep.equal([
        'file docs/guide.md',
        'file docs/logo.bin',
      ]);
    }
    // With a trailing slash, the same directory.
    const slashed = await api(server, null, 'GET', '/repos/octocat/reads/contents/docs/');
    expect(slashed.status).to.equal(200);
    expect(slashed.body.map((entry: { path: string; type: string }) => `${entry.type} ${entry.path}`)).to.deep.equal([
      'file docs/guide.md',
      'file docs/logo.bin',
    ]);
    const root = JSON.parse((await fetchBytes(server, null, '/repos/octocat/reads/contents/', 'application/vnd.github.object')).bytes.toString('utf8'));
    expectSchema('content-tree', root);
    expect(root).to.include({ type: 'dir', name: '', path: '' });
    expect(root.entries.map((entry: { path: string }) => entry.path)).to.deep.equal(['README.md', 'docs']);
    // A file under the object media type is the usual file object.
    const file = JSON.parse(
      (await fetchBytes(server, null, '/repos/octocat/reads/contents/docs/guide.md', 'application/vnd.github.object')).bytes.toString('utf8'),
    );
    expectSchema('content-file', file);
    expect(Buffer.from(file.content, 'base64').toString('utf8')).to.equal('# Guide\n');
    const rawDirectory = await fetchBytes(server, null, '/repos/octocat/reads/contents/docs', 'application/vnd.github.raw');
    expect(rawDirectory.status).to.equal(200);
    expect(rawDirectory.headers.get('content-type')).to.match(/^application\/json/);
    const listed = JSON.parse(rawDirectory.bytes.toString('utf8'));
    expectSchema('content-directory', listed);
    expect(listed.map((entry: { name: string }) => entry.name)).to.deep.equal(['guide.md', 'logo.bin']);
  });

  it('reads ?ref= as GitHub does: full ref names, HEAD, heads/x, and abbreviated SHAs that name one commit', async () => {
    await createRepository(server, octocat, { name: 'refs', auto_init: true });
    const first = (await api(server, octocat, 'GET', '/repos/octocat/refs/git/ref/heads/main')).body.object.sha;
    const second = await commitOnMain(server, octocat, 'octocat/refs', [{ path: 'README.md', mode: '100644', type: 'blob', content: 'second\n' }]);
    expect((await api(server, octocat, 'POST', '/repos/octocat/refs/git/refs', { ref: 'refs/heads/feature', sha: first })).status).to.equal(201);
    const tag = await api(server, octocat, 'POST', '/repos/octocat/refs/git/tags', {
      tag: 'v1',
      message: 'One',
      object: first,
      type: 'commit',
      tagger: { name: 'Mona', email: 'mona@example.com', date: '2024-01-01T00:00:00Z' },
    });
    expect((await api(server, octocat, 'POST', '/repos/octocat/refs/git/refs', { ref: 'refs/tags/v1', sha: tag.body.sha })).status).to.equal(201);
    const readmeAt = async (ref: string) => {
      const answer = await api(server, null, 'GET', `/repos/octocat/refs/contents/README.md?ref=${encodeURIComponent(ref)}`);
      return answer.status === 200 ? Buffer.from(answer.body.content, 'base64').toString('utf8') : answer.status;
    };
    const initial = await readmeAt(first);
    expect(initial).to.be.a('string').and.not.equal('second\n');
    for (const ref of [
      'refs/heads/feature',
      'refs/tags/v1',
      'heads/feature',
      'tags/v1',
      'feature',
      'v1',
      first.slice(0, 7),
      first.slice(0, 12),
      tag.body.sha,
    ]) {
      expect(await readmeAt(ref), ref).to.equal(initial);
    }
    for (const ref of ['HEAD', 'refs/heads/main', 'main', second.slice(0, 7), second]) expect(await readmeAt(ref), ref).to.equal('second\n');
    for (const ref of ['refs/heads/nope', 'nope', first.slice(0, 6), 'ffffffffff', 'refs/heads/../main', '-h']) expect(await readmeAt(ref), ref).to.equal(404);
    const byFullName = await api(server, null, 'GET', '/repos/octocat/refs/contents/README.md?ref=refs/heads/feature');
    expectSchema('content-file', byFullName.body);
    expect(byFullName.body.url).to.equal(`${server.url}/repos/octocat/refs/contents/README.md?ref=refs%2Fheads%2Ffeature`);
  });

  it('answers a symlink to a file with the file, to a directory with its listing, and any other symlink as itself', async () => {
    await createRepository(server, octocat, { name: 'links', auto_init: true });
    const link = (path: string, target: string): TreeEntryInput => ({ path, mode: '120000', type: 'blob', content: target });
    await commitOnMain(server, octocat, 'octocat/links', [
      { path: 'docs/guide.md', mode: '100644', type: 'blob', content: '# Guide\n' },
      link('guide', 'docs/guide.md'),
      link('docs/readme', '../README.md'),
      link('manual', 'docs'),
      link('chained', 'guide'),
      link('broken', 'nowhere.md'),
      link('escape', '../outside.md'),
      link('absolute', '/etc/hostname'),
      link('loop-a', 'loop-b'),
      link('loop-b', 'loop-a'),
    ]);
    const guide = await api(server, null, 'GET', '/repos/octocat/links/contents/guide');
    expect(guide.status).to.equal(200);
    expectSchema('content-file', guide.body);
    expect(guide.body).to.include({ type: 'file', name: 'guide.md', path: 'docs/guide.md', encoding: 'base64' });
    expect(Buffer.from(guide.body.content, 'base64').toString('utf8')).to.equal('# Guide\n');
    const chained = await api(server, null, 'GET', '/repos/octocat/links/contents/chained');
    expect(chained.body).to.deep.equal(guide.body);
    const readme = await api(server, null, 'GET', '/repos/octocat/links/contents/docs/readme');
    expect(readme.body).to.include({ type: 'file', path: 'README.md' });
    const raw = await fetchBytes(server, null, '/repos/octocat/links/contents/guide', 'application/vnd.github.raw');
    expect(raw.bytes.toString('utf8')).to.equal('# Guide\n');
    const manual = await api(server, null, 'GET', '/repos/octocat/links/contents/manual');
    expectSchema('content-directory', manual.body);
    expect(manual.body.map((entry: { path: string; type: string }) => `${entry.type} ${entry.path}`)).to.deep.equal([
      'file docs/guide.md',
      'symlink docs/readme',
    ]);
    for (const [path, target] of [
      ['broken', 'nowhere.md'],
      ['escape', '../outside.md'],
      ['absolute', '/etc/hostname'],
      ['loop-a', 'loop-b'],
    ]) {
      const itself = await api(server, null, 'GET', `/repos/octocat/links/contents/${path}`);
      expect(itself.status, path).to.equal(200);
      expectSchema('content-symlink', itself.body);
      expect(itself.body, path).to.include({ type: 'symlink', name: path, path, target });
    }
  });

  it('answers a submodule with its url from .gitmodules at that ref, and lists it as a "file" in its directory', async () => {
    await createRepository(server, octocat, { name: 'modules', auto_init: true });
    const pinned = 'c0ffee'.padEnd(40, '1');
    await commitOnMain(server, octocat, 'octocat/modules', [
      { path: 'vendor/lib', mode: '160000', type: 'commit', sha: pinned },
      { path: 'vendor/orphan', mode: '160000', type: 'commit', sha: pinned },
      {
        path: '.gitmodules',
        mode: '100644',
        type: 'blob',
        content: '[submodule "lib"]\n\tpath = vendor/lib\n\turl = https://git.example.com/octo/lib.git\n',
      },
    ]);
    const submodule = await api(server, null, 'GET', '/repos/octocat/modules/contents/vendor/lib');
    expect(submodule.status).to.equal(200);
    expectSchema('content-submodule', submodule.body);
    expect(submodule.body).to.deep.include({
      type: 'submodule',
      name: 'lib',
      path: 'vendor/lib',
      sha: pinned,
      size: 0,
      submodule_git_url: 'https://git.example.com/octo/lib.git',
      git_url: null,
      html_url: null,
      download_url: null,
    });
    // A raw read of a submodule has no bytes to give: the object, as for a directory.
    const raw = await fetchBytes(server, null, '/repos/octocat/modules/contents/vendor/lib', 'application/vnd.github.raw');
    expect(JSON.parse(raw.bytes.toString('utf8'))).to.deep.equal(submodule.body);
    // No .gitmodules entry for the path: nothing to name.
    expect((await api(server, null, 'GET', '/repos/octocat/modules/contents/vendor/orphan')).body).to.include({ type: 'submodule', submodule_git_url: null });
    const vendor = await api(server, null, 'GET', '/repos/octocat/modules/contents/vendor');
    expectSchema('content-directory', vendor.body);
    expect(vendor.body.map((entry: { path: string; type: string }) => `${entry.type} ${entry.path}`)).to.deep.equal(['file vendor/lib', 'file vendor/orphan']);
    expect(vendor.body[0]).to.include({ sha: pinned, size: 0, download_url: null, git_url: null, html_url: null });
    expect(vendor.body[0]).to.not.have.property('submodule_git_url');
    const tree = JSON.parse((await fetchBytes(server, null, '/repos/octocat/modules/contents/vendor', 'application/vnd.github.object')).bytes.toString('utf8'));
    expectSchema('content-tree', tree);
    expect(tree.entries.map((entry: { type: string }) => entry.type)).to.deep.equal(['file', 'file']);
  });

  it('answers a file over 1 MB without its bytes (content "", encoding "none"), as GitHub does; raw and git/blobs still read them', async () => {
    const oneMegabyte = Buffer.alloc(1024 * 1024, 'a');
    const large = Buffer.concat([oneMegabyte, Buffer.from('b')]);
    await commitOnMain(server, octocat, 'octocat/reads', [
      { path: 'big/at-limit.txt', mode: '100644', type: 'blob', content: oneMegabyte.toString('utf8') },
      { path: 'big/over-limit.txt', mode: '100644', type: 'blob', content: large.toString('utf8') },
    ]);
    const atLimit = await api(server, null, 'GET', '/repos/octocat/reads/contents/big/at-limit.txt');
    expect(atLimit.body).to.include({ size: oneMegabyte.length, encoding: 'base64' });
    expect(Buffer.from(atLimit.body.content, 'base64').equals(oneMegabyte)).to.equal(true);
    for (const accept of [undefined, 'application/vnd.github.object']) {
      const over = await fetchBytes(server, null, '/repos/octocat/reads/contents/big/over-limit.txt', accept);
      const body = JSON.parse(over.bytes.toString('utf8'));
      expect(over.status).to.equal(200);
      expect(body).to.include({ type: 'file', size: large.length, encoding: 'none', content: '' });
      expectSchema('content-file', body);
    }
    const raw = await fetchBytes(server, null, '/repos/octocat/reads/contents/big/over-limit.txt', 'application/vnd.github.raw');
    expect(raw.bytes.equals(large)).to.equal(true);
    const sha = (await api(server, null, 'GET', '/repos/octocat/reads/contents/big/over-limit.txt')).body.sha;
    const blob = await api(server, null, 'GET', `/repos/octocat/reads/git/blobs/${sha}`);
    expect(Buffer.from(blob.body.content, 'base64').equals(large)).to.equal(true);
  });

  it("serves download_url: the file's bytes at that ref, with the same read access as the contents", async () => {
    const listed = await api(server, null, 'GET', '/repos/octocat/reads/contents/docs');
    const binary = listed.body.find((entry: { name: string }) => entry.name === 'logo.bin');
    expect(binary.download_url).to.equal(`${server.url}/octocat/reads/raw/main/docs/logo.bin`);
    const downloaded = await fetchBytes(server, null, binary.download_url);
    expect(downloaded.status).to.equal(200);
    expect(downloaded.bytes.equals(BINARY)).to.equal(true);
    expect(downloaded.headers.get('content-type')).to.equal('text/plain; charset=utf-8');
    expect(downloaded.headers.get('x-content-type-options')).to.equal('nosniff');
    // Raw answers carry an ETag as JSON ones do: a client holding the bytes gets 304 without them.
    for (const [path, accept] of [
      [binary.download_url, undefined],
      [`${server.url}/repos/octocat/reads/contents/docs/logo.bin`, 'application/vnd.github.raw'],
      [`${server.url}/repos/octocat/reads/git/blobs/${binary.sha}`, 'application/vnd.github.raw'],
    ] as const) {
      const first = await fetchBytes(server, null, path, accept);
      const etag = first.headers.get('etag');
      expect(etag, path).to.match(/^W\/"[0-9a-f]{64}"$/);
      const again = await fetch(path, { headers: { 'if-none-match': etag!, ...(accept ? { accept } : {}) } });
      expect(again.status, path).to.equal(304);
      expect((await again.arrayBuffer()).byteLength, path).to.equal(0);
      expect(again.headers.get('etag'), path).to.equal(etag);
    }
    for (const missing of [
      '/octocat/reads/raw/main/docs/nope.md',
      '/octocat/reads/raw/main/docs',
      '/octocat/reads/raw/nope/README.md',
      '/octocat/nope/raw/main/README.md',
    ]) {
      const answer = await fetchBytes(server, null, missing);
      expect(answer.status, missing).to.equal(404);
      expect(JSON.parse(answer.bytes.toString('utf8')), missing).to.include({ message: 'Not Found' });
    }

    await createRepository(server, octocat, { name: 'secret', auto_init: true, private: true });
    const main = (await api(server, octocat, 'GET', '/repos/octocat/secret/git/ref/heads/main')).body.object.sha;
    expect((await api(server, octocat, 'POST', '/repos/octocat/secret/git/refs', { ref: 'refs/heads/feature/x', sha: main })).status).to.equal(201);
    await api(server, octocat, 'PUT', '/repos/octocat/secret/contents/notes/plan.md', {
      message: 'Plan',
      content: Buffer.from('the plan\n').toString('base64'),
      branch: 'feature/x',
    });
    const plan = await api(server, octocat, 'GET', '/repos/octocat/secret/contents/notes/plan.md?ref=feature/x');
    // A private file's link carries a token (privateDownloadLinks.spec.ts); without it, the
    // link wants the contents' read access.
    const [link, token] = (plan.body.download_url as string).split('?');
    expect(link).to.equal(`${server.url}/octocat/secret/raw/feature/x/notes/plan.md`);
    expect(token).to.match(/^token=/);
    const asOwner = await fetchBytes(server, octocat, link!);
    expect(asOwner.status).to.equal(200);
    expect(asOwner.bytes.toString('utf8')).to.equal('the plan\n');
    expect((await fetchBytes(server, null, link!)).status).to.equal(404);
    const hubot = await createUser(server, 'hubot');
    expect((await fetchBytes(server, hubot, link!)).status).to.equal(404);
    expect((await fetchBytes(server, octocat, '/octocat/secret/raw/main/notes/plan.md')).status).to.equal(404);
  });

  it('keeps serving a download_url handed out before the repository was renamed; a private one still only to its readers or with its token', async () => {
    await createRepository(server, octocat, { name: 'old-name', auto_init: true });
    await createRepository(server, octocat, { name: 'old-secret', auto_init: true, private: true });
    const before = (await api(server, octocat, 'GET', '/repos/octocat/old-name/contents/README.md')).body.download_url as string;
    const hidden = (await api(server, octocat, 'GET', '/repos/octocat/old-secret/contents/README.md')).body.download_url as string;
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/old-name', { name: 'new-name' })).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/old-secret', { name: 'new-secret' })).status).to.equal(200);
    const downloaded = await fetchBytes(server, null, before);
    expect(downloaded.status).to.equal(200);
    expect(downloaded.bytes.toString('utf8')).to.contain('old-name');
    const untokened = hidden.replace(/\?.*$/, '');
    expect((await fetchBytes(server, null, untokened)).status).to.equal(404);
    expect((await fetchBytes(server, octocat, untokened)).bytes.toString('utf8')).to.contain('old-secret');
    expect((await fetchBytes(server, null, hidden)).bytes.toString('utf8')).to.contain('old-secret');
  });

  // Found by a review: the raw route took the longest ref a URL starts with and nothing else.
  it('reads a raw file under any ref name contents reads take, trying a shorter ref when the longest names no file', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/reads/git/ref/heads/main')).body.object.sha;
    expect((await api(server, octocat, 'POST', '/repos/octocat/reads/git/refs', { ref: 'refs/heads/a', sha: main })).status).to.equal(201);
    expect((await api(server, octocat, 'POST', '/repos/octocat/reads/git/refs', { ref: 'refs/tags/a/b', sha: main })).status).to.equal(201);
    const put = await api(server, octocat, 'PUT', '/repos/octocat/reads/contents/b/c.txt', {
      message: 'c',
      content: Buffer.from('c\n').toString('base64'),
      branch: 'a',
    });
    expect(put.status).to.equal(201);
    for (const path of ['/octocat/reads/raw/a/b/c.txt', '/octocat/reads/raw/heads/a/b/c.txt', '/octocat/reads/raw/refs/heads/a/b/c.txt']) {
      const answer = await fetchBytes(server, null, path);
      expect(answer.status, path).to.equal(200);
      expect(answer.bytes.toString('utf8'), path).to.equal('c\n');
    }
    expect((await fetchBytes(server, null, '/octocat/reads/raw/a/b/nope.txt')).status).to.equal(404);
  });

  // Found by a review: links were pasted together unencoded, so `100%.txt` answered 400 and
  // `a#b.txt` lost its name to a fragment.
  it('percent-encodes the paths and refs of its links, which then answer', async () => {
    for (const name of ['100%.txt', 'a#b c?.txt']) {
      const put = await api(server, octocat, 'PUT', `/repos/octocat/reads/contents/odd/${encodeURIComponent(name)}`, {
        message: `Add ${name}`,
        content: Buffer.from(`${name}\n`).toString('base64'),
      });
      expect(put.status, name).to.equal(201);
      const file = put.body.content;
      expect(file.path).to.equal(`odd/${name}`);
      expect(file.download_url).to.equal(`${server.url}/octocat/reads/raw/main/odd/${encodeURIComponent(name)}`);
      const downloaded = await fetchBytes(server, null, file.download_url);
      expect(downloaded.status, name).to.equal(200);
      expect(downloaded.bytes.toString('utf8')).to.equal(`${name}\n`);
      const self = await api(server, null, 'GET', file.url.slice(server.url.length));
      expect(self.status, name).to.equal(200);
      expect(self.body.name).to.equal(name);
      expect(file.html_url).to.equal(`${server.url}/octocat/reads/blob/main/odd/${encodeURIComponent(name)}`);
    }
  });

  // Found by a fuzzing walk-through: a path was looked up one `git ls-tree` process per
  // directory, so reading a file thousands of directories deep (a URL of a few kilobytes, which
  // anyone may send to a public repository) held the request for minutes.
  it('reads a file thousands of directories deep, and its directory, in seconds', async () => {
    const deep = `${'d/'.repeat(3000)}deep.txt`;
    await commitOnMain(server, octocat, 'octocat/reads', [{ path: deep, mode: '100644', type: 'blob', content: 'at the bottom\n' }]);
    const started = Date.now();
    const file = await api(server, null, 'GET', `/repos/octocat/reads/contents/${deep}`);
    expect(file.status, JSON.stringify(file.body)).to.equal(200);
    expect(file.body).to.include({ type: 'file', name: 'deep.txt', path: deep, size: 14 });
    expect(Buffer.from(file.body.content, 'base64').toString()).to.equal('at the bottom\n');
    const directory = await api(server, null, 'GET', `/repos/octocat/reads/contents/${'d/'.repeat(2999)}d`);
    expect(directory.status).to.equal(200);
    expect(directory.body.map((entry: { path: string; type: string }) => [entry.path, entry.type])).to.deep.equal([[deep, 'file']]);
    expect((await api(server, null, 'GET', `/repos/octocat/reads/contents/${'d/'.repeat(3000)}nothing`)).status).to.equal(404);
    expect((await api(server, null, 'GET', `/repos/octocat/reads/contents/${deep}/under-a-file`)).status).to.equal(404);
    expect(Date.now() - started).to.be.below(15_000);
  });
});
