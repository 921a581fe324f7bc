import { expect } from 'chai';
import type { GitRef, GitStorage } from '../../../../application/shared/ports/gitStorage.port.js';
import { TOKENS } from '../../../../application/shared/ports/tokens.js';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A repository's refs grow with its history (a tag per release, refs/pull/<n>/head per pull
// request): a read of one ref, of a branch's tip or of whether the repository is empty lists
// the refs it needs, not every ref. Counted as the refs the git storage answers.
describe('git reads list the refs they need, not the 3,000 of the repository', function () {
  this.timeout(60_000);
  const MANY = 3000;
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let listed = 0;

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    const repositoryId = (await createRepository(server, octocat, { name: 'busy', auto_init: true })).id as number;
    await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'one\n' });
    expect((await api(server, octocat, 'POST', '/repos/octocat/busy/pulls', { title: 'A change', head: 'feature', base: 'main' })).status).to.equal(201);
    const main = await bench.tip(repositoryId, 'main');
    const creations = Array.from({ length: MANY }, (_, n) => `create refs/tags/t${n} ${main}\n`).join('');
    await runGit(['--git-dir', bench.bareOf(repositoryId), 'update-ref', '--stdin'], gitEnvironment(bench.scratch), { input: creations });
    // Every ref the storage answers, by whichever read.
    const storage = server.runtime.container.get<GitStorage>(TOKENS.GitStorage);
    const counted = (refs: GitRef[]) => ((listed += refs.length), refs);
    const { listRefs, refsNamed, hasRefs } = storage;
    storage.listRefs = async (...args) => counted(await listRefs.apply(storage, args));
    storage.refsNamed = async (...args) => counted(await refsNamed.apply(storage, args));
    storage.hasRefs = async (...args) => {
      const has = await hasRefs.apply(storage, args);
      listed += has ? 1 : 0;
      return has;
    };
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  async function refsListedBy(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; listed: number }> {
    const before = listed;
    const response = await api(server, octocat, method, path, body);
    return { status: response.status, body: response.body, listed: listed - before };
  }

  it('a ref by name, a blob, a page of matching refs: the ref, the emptiness check, the matching ones', async () => {
    const ref = await refsListedBy('GET', '/repos/octocat/busy/git/ref/heads/main');
    expect(ref.status).to.equal(200);
    expect(ref.body.ref).to.equal('refs/heads/main');
    expect(ref.listed).to.be.at.most(3);
    const commit = await refsListedBy('GET', `/repos/octocat/busy/git/commits/${ref.body.object.sha}`);
    expect(commit.status).to.equal(200);
    expect(commit.listed).to.be.at.most(2);
    const heads = await refsListedBy('GET', '/repos/octocat/busy/git/matching-refs/heads/');
    expect(heads.body.map((found: { ref: string }) => found.ref)).to.deep.equal(['refs/heads/feature', 'refs/heads/main']);
    expect(heads.listed).to.be.at.most(4);
    // A prefix ending inside a name's segment and one below it, as GitHub's matching-refs reads them.
    const tags = await refsListedBy('GET', '/repos/octocat/busy/git/matching-refs/tags/t299?per_page=100');
    expect(tags.body.map((found: { ref: string }) => found.ref)).to.deep.equal([
      'refs/tags/t299',
      ...Array.from({ length: 10 }, (_, n) => `refs/tags/t299${n}`),
    ]);
    expect(tags.listed).to.be.at.most(13);
    const none = await refsListedBy('GET', '/repos/octocat/busy/git/matching-refs/tags/t*');
    expect(none.status).to.equal(200);
    expect(none.body).to.deep.equal([]);
  });

  it("a page of pull requests: the branches the page names; a raw file: the refs its path's cuts could name", async () => {
    const pulls = await refsListedBy('GET', '/repos/octocat/busy/pulls');
    expect(pulls.status).to.equal(200);
    expect(pulls.body.map((pull: { head: { ref: string } }) => pull.head.ref)).to.deep.equal(['feature']);
    expect(pulls.listed).to.be.at.most(4);
    const before = listed;
    const raw = await fetch(`${server.url}/octocat/busy/raw/feature/feature.txt`);
    expect(raw.status).to.equal(200);
    expect(await raw.text()).to.equal('one\n');
    expect(listed - before).to.be.at.most(3);
  });

  it('creating a ref checks the names it could clash with, not every ref', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/busy/git/ref/heads/main')).body.object.sha;
    const created = await refsListedBy('POST', '/repos/octocat/busy/git/refs', { ref: 'refs/heads/topic/one', sha: main });
    expect(created.status).to.equal(201);
    expect(created.listed).to.be.at.most(4);
    // The clashes are still found: a ref above an existing one, and one below.
    for (const ref of ['refs/heads/topic', 'refs/heads/topic/one/two']) {
      const clash = await api(server, octocat, 'POST', '/repos/octocat/busy/git/refs', { ref, sha: main });
      expect(clash.status, ref).to.equal(422);
      expect(clash.body.message, ref).to.equal('Reference already exists');
    }
  });
});
