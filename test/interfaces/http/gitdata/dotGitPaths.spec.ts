import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { GitCommandError, gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

// Paths a checkout on macOS (HFS+) or Windows (NTFS) would write into `.git`: git's fsck
// refuses them (hasDotgit), so the API and pushes refuse them too, and nothing is written.
describe('Git Data: `.git` look-alike paths', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  const bare = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const lookAlikes = [
    '.GIT/hooks/x',
    'git~1/hooks/x',
    '.git\u200c/hooks/x',
    '.git /hooks/x',
    '.git./hooks/x',
    'docs/.Git/config',
    '.git\\hooks\\x',
    'foo\\.git',
  ];

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('git itself refuses every one of these paths (fsck hasDotgit)', async () => {
    const scratch = await bench.git('init', '--quiet', '--bare', join(bench.scratch, 'fsck.git')).then(() => join(bench.scratch, 'fsck.git'));
    const blob = (await runGit(['--git-dir', scratch, 'hash-object', '-w', '--stdin'], gitEnvironment(bench.scratch), { input: 'x' })).stdout.trim();
    for (const path of lookAlikes) {
      // The first segment is enough: fsck reads each tree's names.
      const name = path.split('/')[0] === 'docs' ? '.Git' : path.split('/')[0]!;
      const tree = (await runGit(['--git-dir', scratch, 'mktree'], gitEnvironment(bench.scratch), { input: `100644 blob ${blob}\t${name}\n` })).stdout.trim();
      const fsck = await runGit(['--git-dir', scratch, 'fsck', '--strict', '--no-dangling', tree], gitEnvironment(bench.scratch)).catch(
        (error: GitCommandError) => error,
      );
      expect(fsck, path).to.be.instanceOf(GitCommandError);
      expect((fsck as GitCommandError).stderr, path).to.contain('hasDotgit');
    }
  });

  it('POST /git/trees answers 422 for each, and writes no tree', async () => {
    const base = await bare('rev-parse', 'main^{tree}');
    for (const path of lookAlikes) {
      const before = await bare('count-objects', '-v');
      const answer = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
        base_tree: base,
        tree: [{ path, mode: '100644', type: 'blob', content: 'hook' }],
      });
      expect(answer.status, path).to.equal(422);
      expect(answer.body, path).to.deep.equal({
        message: `tree.path ${JSON.stringify(path)} is not a valid path`,
        documentation_url: answer.body.documentation_url,
        status: String(answer.status),
      });
      expect(answer.body.documentation_url).to.be.a('string');
      expect(await bare('count-objects', '-v'), path).to.equal(before);
    }
    // .gitmodules as a symlink: git's fsck refuses it too (gitmodulesSymlink).
    const symlinked = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      base_tree: base,
      tree: [{ path: '.gitmodules', mode: '120000', type: 'blob', content: '/etc/passwd' }],
    });
    expect(symlinked.status).to.equal(422);
    expect(symlinked.body.message).to.equal('tree.path ".gitmodules": .gitmodules cannot be a symlink');
    // A name that only starts like `.git` is an ordinary file.
    const fine = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      base_tree: base,
      tree: [{ path: '.github/workflows/ci.yml', mode: '100644', type: 'blob', content: 'on: push\n' }],
    });
    expect(fine.status).to.equal(201);
    expect(await bare('ls-tree', '-r', '--name-only', fine.body.sha)).to.equal('.github/workflows/ci.yml\nREADME.md');
  });

  it('PUT /contents answers 422 for each, and the branch does not move', async () => {
    const tip = await bench.tip(repositoryId, 'main');
    for (const path of lookAlikes) {
      const answer = await api(server, octocat, 'PUT', `/repos/octocat/hello/contents/${path.split('/').map(encodeURIComponent).join('/')}`, {
        message: 'hook',
        content: base64('hook'),
      });
      expect(answer.status, path).to.equal(422);
      expect(answer.body, path).to.deep.equal({
        message: 'path is not a valid file path',
        documentation_url: answer.body.documentation_url,
        status: String(answer.status),
      });
      expect(await bench.tip(repositoryId, 'main'), path).to.equal(tip);
    }
    await bare('fsck', '--strict');
  });

  it('a push of a commit whose tree holds `.GIT/config` is refused by git; an ordinary push still lands', async () => {
    const env = gitEnvironment(bench.scratch, {
      GIT_AUTHOR_NAME: 'Octo Cat',
      GIT_AUTHOR_EMAIL: 'octocat@example.com',
      GIT_COMMITTER_NAME: 'Octo Cat',
      GIT_COMMITTER_EMAIL: 'octocat@example.com',
    });
    // A repository of its own, so the refusals above cannot leave anything in its clone.
    repositoryId = (await createRepository(server, octocat, { name: 'pushed', auto_init: true })).id;
    const work = await mkdtemp(join(tmpdir(), 'forgelog-dotgit-push-'));
    const git = async (...args: string[]) => (await runGit(['-C', work, ...args], env)).stdout.trim();
    try {
      const origin = new URL(server.url);
      await git('clone', '--quiet', `${origin.protocol}//octocat:${encodeURIComponent(PASSWORD)}@${origin.host}/octocat/pushed.git`, '.');
      const tip = await git('rev-parse', 'HEAD');
      // Written with plumbing: git's own index refuses the path.
      const blob = (await runGit(['-C', work, 'hash-object', '-w', '--stdin'], env, { input: '[core]\n\tfsmonitor = evil\n' })).stdout.trim();
      const config = (await runGit(['-C', work, 'mktree'], env, { input: `100644 blob ${blob}\tconfig\n` })).stdout.trim();
      const root = (await runGit(['-C', work, 'mktree'], env, { input: `040000 tree ${config}\t.GIT\n` })).stdout.trim();
      const evil = await git('commit-tree', '-p', tip, '-m', 'Planted', root);
      const refused = await git('push', '--quiet', 'origin', `${evil}:refs/heads/evil`).catch((error: GitCommandError) => error);
      expect(refused).to.be.instanceOf(GitCommandError);
      expect((refused as GitCommandError).stderr).to.contain('hasDotgit');
      expect(await bare('for-each-ref', '--format=%(refname)')).to.equal('refs/heads/main');
      expect(await bare('cat-file', '-e', evil).catch(() => 'absent')).to.equal('absent');
      expect((await api(server, null, 'GET', '/repos/octocat/pushed/git/ref/heads/evil')).status).to.equal(404);

      await git('commit', '--quiet', '--allow-empty', '-m', 'Ordinary');
      const ordinary = await git('rev-parse', 'HEAD');
      await git('push', '--quiet', 'origin', 'HEAD:refs/heads/main');
      expect(await bench.tip(repositoryId, 'main')).to.equal(ordinary);
      await bare('fsck', '--strict');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
  // Found by a review: what a tree already holds (written before these checks, or imported)
  // could not be removed, the removal refused as if it were written. A repository of its own:
  // its objects fail an fsck.
  it('removes what a tree already holds under such a name: POST /git/trees with sha null', async () => {
    const holdsId = (await createRepository(server, octocat, { name: 'holds', auto_init: true })).id;
    const git = (args: string[], input?: string) =>
      runGit(['--git-dir', bench.bareOf(holdsId), ...args], gitEnvironment(bench.scratch), input === undefined ? {} : { input }).then((result) =>
        result.stdout.trim(),
      );
    const base = await git(['rev-parse', 'main^{tree}']);
    const blob = await git(['hash-object', '-w', '--stdin'], 'elsewhere');
    const listing = await git(['ls-tree', base]);
    const held = await git(['mktree'], `${listing}\n120000 blob ${blob}\t.gitmodules\n100644 blob ${blob}\tfoo\\.git\n`);
    const removed = await api(server, octocat, 'POST', '/repos/octocat/holds/git/trees', {
      base_tree: held,
      tree: [
        { path: '.gitmodules', mode: '120000', type: 'blob', sha: null },
        { path: 'foo\\.git', mode: '100644', type: 'blob', sha: null },
      ],
    });
    expect(removed.status, JSON.stringify(removed.body)).to.equal(201);
    expect(removed.body.sha).to.equal(base);
  });
});
