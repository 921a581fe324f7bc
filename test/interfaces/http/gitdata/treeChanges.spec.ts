import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

type Entry = Record<string, unknown>;

// POST /git/trees applies its entries in order, each to the tree the ones before it left, as
// git's index does: a path through a file is refused (never dropped), and a directory given
// by SHA brings its entries for the entries after it to edit.
describe('Git Data: tree entries applied in order', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let base: string; // README.md, x.sh, lib/old.txt, vendor (a submodule)
  let library: string; // a.txt, sub/b.txt
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const objectCount = async () => (await git('count-objects', '-v')).split('\n').filter((line) => /^(count|in-pack):/.test(line));
  const post = (tree: Entry[], baseTree?: string) =>
    api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { ...(baseTree ? { base_tree: baseTree } : {}), tree });
  // What git's own index gives for the same steps, as the tree to compare with.
  const byGitIndex = async (steps: string[][]): Promise<string> => {
    const scratch = await mkdtemp(join(bench.scratch, 'index-'));
    const env = gitEnvironment(bench.scratch, { GIT_INDEX_FILE: join(scratch, 'index') });
    // read-tree asks for a work tree; an empty one, never written to (no checkout).
    const gitDir = ['--git-dir', bench.bareOf(repositoryId), '--work-tree', scratch];
    for (const step of steps) await runGit([...gitDir, ...step], env);
    return (await runGit([...gitDir, 'write-tree'], env)).stdout.trim();
  };

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    const main = await git('rev-parse', 'main');
    const made = await post(
      [
        { path: 'x.sh', mode: '100755', type: 'blob', content: 'echo hi\n' },
        { path: 'lib/old.txt', mode: '100644', type: 'blob', content: 'old\n' },
        { path: 'vendor', mode: '160000', type: 'commit', sha: main },
      ],
      await git('rev-parse', 'main^{tree}'),
    );
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    base = made.body.sha;
    library = (
      await post([
        { path: 'a.txt', mode: '100644', type: 'blob', content: 'a\n' },
        { path: 'sub/b.txt', mode: '100644', type: 'blob', content: 'b\n' },
      ])
    ).body.sha;
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const conflicts: [string, () => [Entry[], string | undefined], string][] = [
    [
      'a path through a file of the base tree',
      () => [[{ path: 'x.sh/d', mode: '100644', type: 'blob', content: 'd\n' }], base],
      'tree.path "x.sh/d" is under "x.sh", which is a file, not a directory',
    ],
    [
      'a path through a submodule of the base tree',
      () => [[{ path: 'vendor/x', mode: '100644', type: 'blob', content: 'x\n' }], base],
      'tree.path "vendor/x" is under "vendor", which is a submodule, not a directory',
    ],
    [
      'a path through a file an earlier entry wrote',
      () => [
        [
          { path: 'a/b', mode: '100644', type: 'blob', content: 'b\n' },
          { path: 'a/b/c', mode: '100644', type: 'blob', content: 'c\n' },
        ],
        undefined,
      ],
      'tree.path "a/b/c" is under "a/b", which is a file, not a directory',
    ],
    [
      'a path through a file inside a tree given by SHA',
      () => [
        [
          { path: 'lib', mode: '040000', type: 'tree', sha: library },
          { path: 'lib/a.txt/deeper', mode: '100644', type: 'blob', content: 'd\n' },
        ],
        base,
      ],
      'tree.path "lib/a.txt/deeper" is under "lib/a.txt", which is a file, not a directory',
    ],
  ];
  for (const [what, request, message] of conflicts) {
    it(`${what}: 422 "${message}", nothing written`, async () => {
      const before = await objectCount();
      const [entries, baseTree] = request();
      const answer = await post(entries, baseTree);
      expect(answer.status).to.equal(422);
      expect(answer.body).to.deep.equal({ message, documentation_url: answer.body.documentation_url, status: String(answer.status) });
      expect(answer.body.documentation_url).to.be.a('string');
      expect(await objectCount()).to.deep.equal(before);
    });
  }

  it('a file written over a directory an earlier entry made replaces it: the later entry wins', async () => {
    const answer = await post([
      { path: 'a/b/c', mode: '100644', type: 'blob', content: 'c\n' },
      { path: 'a/b', mode: '100644', type: 'blob', content: 'b\n' },
    ]);
    expect(answer.status).to.equal(201);
    expect(await git('ls-tree', '-r', '--name-only', answer.body.sha)).to.equal('a/b');
    expect(await git('cat-file', 'blob', `${answer.body.sha}:a/b`)).to.equal('b');
  });

  // GitHub: "Returns an error if you try to delete a file that does not exist", for the whole
  // request (the entries that would apply are not written either).
  const absent: [string, () => [Entry[], string?]][] = [
    ['a path the base tree does not hold', () => [[{ path: 'nowhere.txt', mode: '100644', type: 'blob', sha: null }], base]],
    ['a path through a file', () => [[{ path: 'x.sh/d', mode: '100644', type: 'blob', sha: null }], base]],
    ['a path under a missing directory', () => [[{ path: 'docs/gone.md', mode: '100644', type: 'blob', sha: null }], base]],
    [
      'a path an earlier entry already removed, after a good entry',
      () => [
        [
          { path: 'fresh.txt', mode: '100644', type: 'blob', content: 'fresh, never written\n' },
          { path: 'lib/old.txt', mode: '100644', type: 'blob', sha: null },
          { path: 'lib/old.txt', mode: '100644', type: 'blob', sha: null },
        ],
        base,
      ],
    ],
    ['any path, without a base tree', () => [[{ path: 'README.md', mode: '100644', type: 'blob', sha: null }]]],
  ];
  for (const [what, request] of absent) {
    it(`removing ${what}: 422 "GitRPC::BadObjectState", nothing written`, async () => {
      const before = await objectCount();
      const answer = await post(...request());
      expect(answer.status).to.equal(422);
      expect(answer.body.message).to.equal('GitRPC::BadObjectState');
      expect(await objectCount()).to.deep.equal(before);
    });
  }

  it('removing what the tree holds, a file or a whole directory, gives the tree git gives', async () => {
    const answer = await post(
      [
        { path: 'x.sh', mode: '100755', type: 'blob', sha: null },
        { path: 'lib', mode: '040000', type: 'tree', sha: null },
      ],
      base,
    );
    expect(answer.status).to.equal(201);
    expect(answer.body.sha).to.equal(
      await byGitIndex([
        ['read-tree', base],
        ['rm', '--cached', '--quiet', '-r', 'x.sh', 'lib'],
      ]),
    );
  });

  it('a directory by SHA, then a file under it: the directory holds both (without a base tree)', async () => {
    const answer = await post([
      { path: 'lib', mode: '040000', type: 'tree', sha: library },
      { path: 'lib/new.txt', mode: '100644', type: 'blob', content: 'new\n' },
    ]);
    expect(answer.status).to.equal(201);
    expect(answer.body.tree.map((entry: { path: string }) => entry.path)).to.deep.equal(['lib']);
    expect(await git('ls-tree', '-r', '--name-only', answer.body.sha)).to.equal('lib/a.txt\nlib/new.txt\nlib/sub/b.txt');
    const newBlob = await git('rev-parse', `${answer.body.sha}:lib/new.txt`);
    const expected = await byGitIndex([
      ['read-tree', '--prefix=lib/', library],
      ['update-index', '--add', '--cacheinfo', `100644,${newBlob},lib/new.txt`],
    ]);
    expect(answer.body.sha).to.equal(expected);
    await git('fsck', '--strict');
  });

  it("a directory by SHA over the base tree's: its entries replace the base's, a later file joins them, a later removal edits them", async () => {
    const answer = await post(
      [
        { path: 'lib', mode: '040000', type: 'tree', sha: library },
        { path: 'lib/new.txt', mode: '100644', type: 'blob', content: 'new\n' },
        { path: 'lib/sub/b.txt', mode: '100644', type: 'blob', sha: null },
      ],
      base,
    );
    expect(answer.status).to.equal(201);
    expect(await git('ls-tree', '-r', '--name-only', answer.body.sha)).to.equal('README.md\nlib/a.txt\nlib/new.txt\nvendor\nx.sh');
    const newBlob = await git('rev-parse', `${answer.body.sha}:lib/new.txt`);
    const expected = await byGitIndex([
      ['read-tree', base],
      ['update-index', '--force-remove', 'lib/old.txt'],
      ['read-tree', '--prefix=lib/', library],
      ['update-index', '--add', '--cacheinfo', `100644,${newBlob},lib/new.txt`],
      ['update-index', '--force-remove', 'lib/sub/b.txt'],
    ]);
    expect(answer.body.sha).to.equal(expected);
    await git('fsck', '--strict');
  });

  it('a directory by SHA alone keeps that SHA; a file set over the base directory replaces its entries', async () => {
    const kept = await post([{ path: 'lib', mode: '040000', type: 'tree', sha: library }], base);
    expect(kept.status).to.equal(201);
    expect(await git('rev-parse', `${kept.body.sha}:lib`)).to.equal(library);
    const replaced = await post([{ path: 'lib', mode: '100644', type: 'blob', content: 'now a file\n' }], base);
    expect(replaced.status).to.equal(201);
    expect(await git('ls-tree', '-r', '--name-only', replaced.body.sha)).to.equal('README.md\nlib\nvendor\nx.sh');
  });
});
