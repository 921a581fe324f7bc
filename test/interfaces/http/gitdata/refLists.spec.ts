import { createRequire } from 'node:module';
import { expect } from 'chai';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// @octokit/rest 16.43.2 (CommonJS): its git.listRefs reads GET /repos/{owner}/{repo}/git/refs/{namespace}.
const require = createRequire(import.meta.url);
const Octokit16 = require('octokit-rest-16') as new (options: Record<string, unknown>) => {
  git: Record<string, (params: Record<string, unknown>) => Promise<{ status: number; data: any; headers: Record<string, string> }>>;
};

describe('refs through the older paths: GET git/refs, git/refs/{prefix or name}, and matching-refs with an empty prefix', () => {
  let server: TestServer;
  let octocat: string;
  let refs: string[];

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'listed', auto_init: true, private: true });
    const main = (await api(server, octocat, 'GET', '/repos/octocat/listed/git/ref/heads/main')).body.object.sha;
    for (const ref of ['refs/heads/feature-a', 'refs/heads/feature-b', 'refs/tags/v1']) {
      expect((await api(server, octocat, 'POST', '/repos/octocat/listed/git/refs', { ref, sha: main })).status).to.equal(201);
    }
    refs = ['refs/heads/feature-a', 'refs/heads/feature-b', 'refs/heads/main', 'refs/tags/v1'];
  });
  after(async () => {
    await server.close();
  });

  const names = (body: { ref: string }[]) => body.map((ref) => ref.ref);

  it('lists every ref at git/refs and matching-refs/ with an empty prefix, paged with Link', async () => {
    for (const path of ['/git/refs', '/git/refs/', '/git/matching-refs/', '/git/matching-refs']) {
      const all = await api(server, octocat, 'GET', `/repos/octocat/listed${path}`);
      expect(all.status, path).to.equal(200);
      expectArrayOf('git-ref', all.body);
      expect(names(all.body), path).to.deep.equal(refs);
      expect(all.body[2]).to.deep.include({ url: `${server.url}/repos/octocat/listed/git/refs/heads/main` });
    }
    const paged = await api(server, octocat, 'GET', '/repos/octocat/listed/git/refs?per_page=3&page=2');
    expect(names(paged.body)).to.deep.equal(['refs/tags/v1']);
    expect(paged.headers.get('link')).to.include('rel="prev"').and.include('per_page=3');
  });

  it('answers git/refs/{name} with the ref of that exact name, else the refs starting with it, else 404', async () => {
    const exact = await api(server, octocat, 'GET', '/repos/octocat/listed/git/refs/heads/main');
    expect(exact.status).to.equal(200);
    expectSchema('git-ref', exact.body);
    expect(exact.body).to.deep.equal((await api(server, octocat, 'GET', '/repos/octocat/listed/git/ref/heads/main')).body);
    const heads = await api(server, octocat, 'GET', '/repos/octocat/listed/git/refs/heads');
    expectArrayOf('git-ref', heads.body);
    expect(names(heads.body)).to.deep.equal(refs.slice(0, 3));
    expect(names((await api(server, octocat, 'GET', '/repos/octocat/listed/git/refs/heads/feature')).body)).to.deep.equal(refs.slice(0, 2));
    const none = await api(server, octocat, 'GET', '/repos/octocat/listed/git/refs/heads/nope');
    expect(none.status).to.equal(404);
    expect(none.body).to.include({ message: 'Not Found' });
    // Read access as for every Git Data read: a private repository is hidden from others.
    expect((await api(server, null, 'GET', '/repos/octocat/listed/git/refs')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/octocat/listed/git/refs/heads/main')).status).to.equal(404);
  });

  it("gives a ref, blob, commit and tag a node id of its own in each repository, in the form of GitHub's legacy ids", async () => {
    await createRepository(server, octocat, { name: 'second', auto_init: true });
    const decoded = (nodeId: string) => Buffer.from(nodeId, 'base64').toString('utf8');
    const seen = new Set<string>();
    for (const name of ['listed', 'second']) {
      const id = (await api(server, octocat, 'GET', `/repos/octocat/${name}`)).body.id as number;
      const ref = (await api(server, octocat, 'GET', `/repos/octocat/${name}/git/ref/heads/main`)).body;
      expect(decoded(ref.node_id)).to.equal(`03:Ref${id}:refs/heads/main`);
      const blob = await api(server, octocat, 'POST', `/repos/octocat/${name}/git/blobs`, { content: 'the same bytes' });
      const readBlob = (await api(server, octocat, 'GET', `/repos/octocat/${name}/git/blobs/${blob.body.sha}`)).body;
      expect(decoded(readBlob.node_id)).to.equal(`04:Blob${id}:${blob.body.sha}`);
      const commit = (await api(server, octocat, 'GET', `/repos/octocat/${name}/git/commits/${ref.object.sha}`)).body;
      expect(decoded(commit.node_id)).to.equal(`06:Commit${id}:${ref.object.sha}`);
      const tag = await api(server, octocat, 'POST', `/repos/octocat/${name}/git/tags`, { tag: 'v9', message: 'm', object: ref.object.sha, type: 'commit' });
      expect(decoded(tag.body.node_id)).to.equal(`03:Tag${id}:${tag.body.sha}`);
      for (const nodeId of [ref.node_id, readBlob.node_id, commit.node_id]) {
        expect(seen.has(nodeId), decoded(nodeId)).to.equal(false);
        seen.add(nodeId);
      }
    }
  });

  it("serves octokit 16's git.listRefs, with and without a namespace", async () => {
    const octokit = new Octokit16({
      baseUrl: server.url,
      auth: { username: 'octocat', password: PASSWORD },
      log: { debug() {}, info() {}, warn() {}, error() {} },
    });
    expect(names((await octokit.git.listRefs({ owner: 'octocat', repo: 'listed' })).data)).to.deep.equal(refs);
    expect(names((await octokit.git.listRefs({ owner: 'octocat', repo: 'listed', namespace: 'tags' })).data)).to.deep.equal(['refs/tags/v1']);
  });
  // Found by a review: a ref's url, and a branch's links, were pasted together unencoded.
  it("percent-encodes a ref's url and a branch's links, which then answer", async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/listed/git/ref/heads/main')).body.object.sha;
    const created = await api(server, octocat, 'POST', '/repos/octocat/listed/git/refs', { ref: 'refs/heads/100%#x', sha: main });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.url).to.equal(`${server.url}/repos/octocat/listed/git/refs/heads/100%25%23x`);
    const read = await api(server, octocat, 'GET', created.body.url.slice(server.url.length));
    expect(read.status).to.equal(200);
    expect(read.body.ref).to.equal('refs/heads/100%#x');
    const branch = await api(server, octocat, 'GET', '/repos/octocat/listed/branches/100%25%23x');
    expect(branch.status).to.equal(200);
    expect(branch.body._links.self).to.equal(`${server.url}/repos/octocat/listed/branches/100%25%23x`);
    expect((await api(server, octocat, 'GET', branch.body._links.self.slice(server.url.length))).body.name).to.equal('100%#x');
  });
});
