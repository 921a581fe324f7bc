import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Inputs git itself refuses (commit-tree, mktag, mktree exit non-zero) answer GitHub's 422
// with a sentence, never a 500, and leave nothing behind.
describe('Git Data: inputs git refuses', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let main: string;
  let tree: string;
  let readme: string;
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const objectCount = async () => (await git('count-objects', '-v')).split('\n').filter((line) => /^(count|in-pack):/.test(line));

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    main = await bench.tip(repositoryId, 'main');
    tree = await git('rev-parse', 'main^{tree}');
    readme = await git('rev-parse', 'main:README.md');
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  // A message may name what `before` found (a function read when the spec runs).
  const refusals: [string, string, () => Record<string, unknown>, string | (() => string)][] = [
    ['an author with an empty name', 'commits', () => ({ message: 'x', tree, author: { name: '', email: 'a@x' } }), 'author.name must not be empty'],
    [
      'a committer whose name git trims to nothing',
      'commits',
      () => ({ message: 'x', tree, committer: { name: ' .. ', email: 'a@x' } }),
      'committer.name must not be empty',
    ],
    ['a commit message holding a NUL byte', 'commits', () => ({ message: 'a\u0000b', tree }), 'message must not contain a NUL byte'],
    [
      'a tag named "bad tag name.."',
      'tags',
      () => ({ tag: 'bad tag name..', message: 'x', object: main, type: 'commit' }),
      '"bad tag name.." is not a valid tag name',
    ],
    ['a tag named "v1.lock"', 'tags', () => ({ tag: 'v1.lock', message: 'x', object: main, type: 'commit' }), '"v1.lock" is not a valid tag name'],
    // git refuses .lock at the end of any part of a name, not only the last.
    ['a tag named "v1.lock/x"', 'tags', () => ({ tag: 'v1.lock/x', message: 'x', object: main, type: 'commit' }), '"v1.lock/x" is not a valid tag name'],
    ['a ref named "refs/heads/a.lock/b"', 'refs', () => ({ ref: 'refs/heads/a.lock/b', sha: main }), 'refs/heads/a.lock/b is not a valid ref name.'],
    ['a ref named "refs/tags/v1.lock/x"', 'refs', () => ({ ref: 'refs/tags/v1.lock/x', sha: main }), 'refs/tags/v1.lock/x is not a valid ref name.'],
    // GitHub's words for a name under refs/ with too few parts (octokit.rb#675 quotes them).
    ['a ref named "refs/topic"', 'refs', () => ({ ref: 'refs/topic', sha: main }), 'Reference name must contain at least three slash-separated components.'],
    ['a ref named "refs/heads"', 'refs', () => ({ ref: 'refs/heads', sha: main }), 'Reference name must contain at least three slash-separated components.'],
    ['a ref named "refs/heads/"', 'refs', () => ({ ref: 'refs/heads/', sha: main }), 'refs/heads/ is not a valid ref name.'],
    [
      'a tagger with an empty name',
      'tags',
      () => ({ tag: 'v1', message: 'x', object: main, type: 'commit', tagger: { name: '', email: 't@x', date: '2020-01-02T03:04:05Z' } }),
      'tagger.name must not be empty',
    ],
    [
      'a submodule entry whose sha is no object name',
      'trees',
      () => ({ tree: [{ path: 'lib', mode: '160000', type: 'commit', sha: 'nope' }] }),
      'tree.sha nope is not a valid SHA',
    ],
    // mktree checks a submodule's object when the repository has it (exit 128, a 500 before).
    [
      'a submodule entry whose sha is a tree of the repository',
      'trees',
      () => ({ tree: [{ path: 'lib', mode: '160000', type: 'commit', sha: tree }] }),
      () => `tree.sha ${tree} is a tree, not a commit`,
    ],
    [
      'a submodule entry whose sha is a blob of the repository',
      'trees',
      () => ({ tree: [{ path: 'lib', mode: '160000', type: 'commit', sha: readme }] }),
      () => `tree.sha ${readme} is a blob, not a commit`,
    ],
    // git's fsck refuses a tree whose .gitmodules is no file (gitmodulesBlob), and a push of one.
    [
      'a .gitmodules that is a directory',
      'trees',
      () => ({ tree: [{ path: '.gitmodules', mode: '040000', type: 'tree', sha: tree }] }),
      'tree.path ".gitmodules": .gitmodules must be a file',
    ],
    [
      'a .GITMODULES that is a submodule',
      'trees',
      () => ({ tree: [{ path: 'a/.GITMODULES', mode: '160000', type: 'commit', sha: 'f'.repeat(40) }] }),
      'tree.path "a/.GITMODULES": .gitmodules must be a file',
    ],
    // What fsck refuses in a .gitmodules (and receive.fsckObjects in a push).
    [
      'a .gitmodules whose url reads as an option',
      'trees',
      () => ({ tree: [{ path: '.gitmodules', mode: '100644', type: 'blob', content: '[submodule "x"]\n\tpath = x\n\turl = --upload-pack=touch /tmp/x\n' }] }),
      'tree.path ".gitmodules": gitmodulesUrl: disallowed submodule url: --upload-pack=touch /tmp/x',
    ],
    [
      'a .gitmodules whose submodule name climbs out',
      'trees',
      () => ({
        tree: [{ path: 'lib/.gitmodules', mode: '100644', type: 'blob', content: '[submodule "../../x"]\n\tpath = x\n\turl = https://example.com/x\n' }],
      }),
      'tree.path "lib/.gitmodules": gitmodulesName: disallowed submodule name: ../../x',
    ],
    [
      'a .gitmodules with an update command',
      'trees',
      () => ({ tree: [{ path: '.gitmodules', mode: '100644', type: 'blob', content: '[submodule "x"]\n\tpath = x\n\tupdate = !rm -rf .\n' }] }),
      'tree.path ".gitmodules": gitmodulesUpdate: disallowed submodule update setting: !rm -rf .',
    ],
    // And in a .gitattributes (git 2.39.1): a line longer than 2,048 bytes, or one that is no file.
    [
      'a .gitattributes with a line too long to parse',
      'trees',
      () => ({ tree: [{ path: 'docs/.gitattributes', mode: '100644', type: 'blob', content: `${'*'.repeat(3000)} text\n` }] }),
      'tree.path "docs/.gitattributes": gitattributesLineLength: .gitattributes has too long lines to parse',
    ],
    [
      'a GITATT~1 that is a submodule',
      'trees',
      () => ({ tree: [{ path: 'GITATT~1', mode: '160000', type: 'commit', sha: 'f'.repeat(40) }] }),
      'tree.path "GITATT~1": .gitattributes must be a file',
    ],
    [
      'a tree path holding a NUL byte',
      'trees',
      () => ({ tree: [{ path: 'a\u0000b', mode: '100644', type: 'blob', content: 'x' }] }),
      'tree.path "a\\u0000b" is not a valid path',
    ],
  ];

  for (const [what, kind, body, expected] of refusals) {
    it(`${what}: 422 "${typeof expected === 'string' ? expected : 'naming the object'}"`, async () => {
      const message = typeof expected === 'string' ? expected : expected();
      const before = await objectCount();
      const answer = await api(server, octocat, 'POST', `/repos/octocat/hello/git/${kind}`, body());
      expect(answer.status).to.equal(422);
      expect(answer.body).to.deep.equal({ message, documentation_url: answer.body.documentation_url, status: String(answer.status) });
      expect(answer.body.documentation_url).to.be.a('string');
      expect(await objectCount()).to.deep.equal(before);
    });
  }

  it('a .gitmodules fsck refuses is refused by SHA and through contents too; one it accepts is written, and git fsck --strict stays clean', async () => {
    const bad = '[submodule "x"]\n\tpath = -x\n\turl = https://example.com/x\n';
    const blob = (await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: bad })).body.sha;
    const bySha = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      tree: [{ path: '.GitModules', mode: '100644', type: 'blob', sha: blob }],
    });
    expect(bySha.status).to.equal(422);
    expect(bySha.body.message).to.equal('tree.path ".GitModules": gitmodulesPath: disallowed submodule path: -x');
    const put = await api(server, octocat, 'PUT', '/repos/octocat/hello/contents/.gitmodules', { message: 'x', content: Buffer.from(bad).toString('base64') });
    expect(put.status).to.equal(422);
    expect(await bench.tip(repositoryId, 'main')).to.equal(main);
    const good = '[submodule "lib"]\n\tpath = lib\n\turl = https://example.com/lib.git\n';
    const accepted = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      base_tree: tree,
      tree: [
        { path: '.gitmodules', mode: '100644', type: 'blob', content: good },
        { path: 'lib', mode: '160000', type: 'commit', sha: 'f'.repeat(40) },
      ],
    });
    expect(accepted.status).to.equal(201);
    await git('fsck', '--strict');
  });

  it('a caller whose profile name git would trim to nothing commits as their login', async () => {
    expect((await api(server, octocat, 'PATCH', '/user', { name: '.' })).status).to.equal(200);
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'x', tree, parents: [main] });
    expect(created.status).to.equal(201);
    expect(created.body.author).to.include({ name: 'octocat' });
    expect(await git('log', '-1', '--format=%an', created.body.sha)).to.equal('octocat');
    await git('fsck', '--strict');
  });
});
