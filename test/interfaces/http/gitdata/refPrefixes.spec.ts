import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// matching-refs is GitHub's string prefix over full ref names (heads/feat: heads/feat,
// heads/feature, heads/feat-1, heads/feat/x/y), read from git with for-each-ref patterns.
// The answers must not depend on whether git keeps a ref loose or packed, nor on a name
// holding characters git reads as a pattern's or that no ref name holds.
describe('Git Data: refs by prefix and by name, loose and packed', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let main: string;
  // Spaces beyond ASCII's (a no-break space, an ideographic space) are as valid to git as ü.
  const unusual = [
    'refs/heads/a]b',
    'refs/heads/@',
    'refs/heads/a#b',
    'refs/heads/a%b',
    'refs/heads/a+b',
    'refs/heads/ünï',
    'refs/heads/x.y',
    'refs/heads/no\u00a0break',
    'refs/heads/wide\u3000space',
  ];
  const nested = ['refs/heads/feat-1', 'refs/heads/feat/x/y', 'refs/heads/feature', 'refs/tags/v1', 'refs/tags/v1.0'];
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const matching = async (prefix: string) => {
    const answer = await api(server, octocat, 'GET', `/repos/octocat/hello/git/matching-refs/${prefix}`);
    expect(answer.status, prefix).to.equal(200);
    return (answer.body as { ref: string }[]).map((ref) => ref.ref);
  };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    main = await bench.tip(repositoryId, 'main');
    for (const ref of [...unusual, ...nested]) {
      expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref, sha: main })).status, ref).to.equal(201);
    }
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const answersAlike = () => {
    it('matching-refs takes the prefix as a string, across and below path segments', async () => {
      expect(await matching('heads/feat')).to.deep.equal(['refs/heads/feat-1', 'refs/heads/feat/x/y', 'refs/heads/feature']);
      expect(await matching('heads/fea')).to.deep.equal(['refs/heads/feat-1', 'refs/heads/feat/x/y', 'refs/heads/feature']);
      expect(await matching('heads/feat/')).to.deep.equal(['refs/heads/feat/x/y']);
      expect(await matching('heads/feat/x')).to.deep.equal(['refs/heads/feat/x/y']);
      expect(await matching('heads/feat/x/y')).to.deep.equal(['refs/heads/feat/x/y']);
      expect(await matching('heads/feature')).to.deep.equal(['refs/heads/feature']);
      expect(await matching('tags/v1')).to.deep.equal(['refs/tags/v1', 'refs/tags/v1.0']);
      expect(await matching('tags/v1.')).to.deep.equal(['refs/tags/v1.0']);
      expect(await matching('t')).to.deep.equal(['refs/tags/v1', 'refs/tags/v1.0']);
    });

    it('names with ], @, #, %, +, dots, unicode and unicode spaces are found by prefix and by name', async () => {
      for (const ref of unusual) {
        const path = encodeURIComponent(ref.slice('refs/'.length)).replace(/%2F/g, '/');
        expect(await matching(path), ref).to.deep.equal([ref]);
        const one = await api(server, octocat, 'GET', `/repos/octocat/hello/git/ref/${path}`);
        expect(one.status, ref).to.equal(200);
        expect(one.body.ref).to.equal(ref);
      }
    });

    it('a name by git/ref is that name only; git/refs lists what starts with it', async () => {
      for (const name of ['heads/feat', 'heads/feat/x', 'heads/feat/x/y/z']) {
        expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/ref/${name}`)).status, name).to.equal(404);
      }
      expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/feat/x/y')).body.ref).to.equal('refs/heads/feat/x/y');
      expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/refs/heads/feature')).body.ref).to.equal('refs/heads/feature');
      const below = await api(server, octocat, 'GET', '/repos/octocat/hello/git/refs/heads/feat');
      expect((below.body as { ref: string }[]).map((ref) => ref.ref)).to.deep.equal(['refs/heads/feat-1', 'refs/heads/feat/x/y', 'refs/heads/feature']);
    });

    it('a prefix or name no ref can hold (a pattern character, a NUL, a space) finds nothing, never a 500', async () => {
      for (const prefix of ['heads/fe*', 'heads/fe%3F', 'heads/fe%5B', 'heads/a%5Cb', 'heads/a%00b', 'heads/a%20b', 'heads/a%0Ab']) {
        expect(await matching(prefix), prefix).to.deep.equal([]);
        expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/ref/${prefix}`)).status, prefix).to.equal(404);
        expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/refs/${prefix}`)).status, prefix).to.equal(404);
      }
      // A branch or commit named by the path is read the same way.
      for (const path of ['branches/a%00b', 'commits/a%00b', 'branches/a%20b']) {
        expect((await api(server, octocat, 'GET', `/repos/octocat/hello/${path}`)).status, path).to.equal(404);
      }
    });

    it('a ref beside one above or below it is refused: 422 "Reference already exists"', async () => {
      for (const ref of ['refs/heads/feat', 'refs/heads/feat/x', 'refs/heads/feat/x/y/z', 'refs/heads/feature/sub', 'refs/tags/v1/x']) {
        const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref, sha: main });
        expect(created.status, ref).to.equal(422);
        expect(created.body.message).to.equal('Reference already exists');
      }
    });
  };

  it("a raw file's URL of thousands of segments: 404, not a 500 (the names its cuts could be overran git's arguments)", async () => {
    for (const segments of [1500, 6000]) {
      const raw = await fetch(`${server.url}/octocat/hello/raw/main/${'a/'.repeat(segments)}x`);
      expect(raw.status, `${segments}`).to.equal(404);
    }
    const found = await fetch(`${server.url}/octocat/hello/raw/feat/x/y/README.md`);
    expect(found.status).to.equal(200);
  });

  describe('loose refs', () => {
    answersAlike();
  });

  describe('after git pack-refs --all', () => {
    before(async () => {
      await git('pack-refs', '--all');
    });
    it('keeps no ref loose', async () => {
      expect(await git('for-each-ref', '--format=%(refname)', 'refs/heads/feat/x/y')).to.equal('refs/heads/feat/x/y');
      const loose = (await readdir(join(bench.bareOf(repositoryId), 'refs'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
      expect(loose.map((entry) => entry.name)).to.deep.equal([]);
    });
    answersAlike();
  });
});
