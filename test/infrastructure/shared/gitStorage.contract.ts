import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GitStorage, InitialCommit } from '../../../application/shared/ports/gitStorage.port.js';
import { gitEnvironment, runGit } from '../../../infrastructure/shared/git/gitCommand.js';

export interface GitStorageFixture {
  readonly storage: GitStorage;
  dispose(): Promise<void>;
}

const firstCommit: InitialCommit = {
  defaultBranch: 'main',
  authorName: 'octocat',
  authorEmail: 'octocat@example.com',
  readme: '# hello-world\nMy first repository\n',
  message: 'Initial commit',
  date: new Date('2026-11-22T10:00:00Z'),
};

// git itself is the judge of what the port writes: fsck, clone, log.
async function git(args: readonly string[], scratch: string): Promise<string> {
  return (await runGit(args, gitEnvironment(scratch))).stdout;
}

export function describeGitStorageContract(adapterName: string, open: () => Promise<GitStorageFixture>): void {
  describe(`GitStorage contract: ${adapterName}`, () => {
    let fixture: GitStorageFixture;
    let storage: GitStorage;
    let scratch: string;
    beforeEach(async () => {
      fixture = await open();
      storage = fixture.storage;
      scratch = await mkdtemp(join(tmpdir(), 'forgelog-git-scratch-'));
    });
    afterEach(async () => {
      await fixture.dispose();
      await rm(scratch, { recursive: true, force: true });
    });

    it('creates an empty bare repository whose HEAD names the default branch, idempotently', async () => {
      expect(await storage.exists(1)).to.equal(false);
      await storage.createBare(1, { defaultBranch: 'trunk' });
      await storage.createBare(1, { defaultBranch: 'other' });
      expect(await storage.exists(1)).to.equal(true);
      expect(await storage.listRefs(1)).to.deep.equal([]);
      expect(await storage.headBranch(1)).to.equal('trunk');
      expect((await git(['--git-dir', storage.pathOf(1), 'rev-parse', '--is-bare-repository'], scratch)).trim()).to.equal('true');
      await git(['--git-dir', storage.pathOf(1), 'fsck', '--strict'], scratch);
    });

    it('writes the first commit with a README that git fsck, clone and log accept', async () => {
      const sha = await storage.initWithReadme(2, firstCommit);
      expect(sha).to.match(/^[0-9a-f]{40}$/);
      expect(await storage.readRef(2, 'refs/heads/main')).to.equal(sha);
      expect(await storage.listRefs(2)).to.deep.equal([{ name: 'refs/heads/main', sha, type: 'commit' }]);
      await git(['--git-dir', storage.pathOf(2), 'fsck', '--strict', '--no-dangling'], scratch);
      const log = await git(['--git-dir', storage.pathOf(2), 'log', '--format=%H|%an|%ae|%aI|%cn|%cI|%s', 'main'], scratch);
      expect(log.trim()).to.equal(`${sha}|octocat|octocat@example.com|2026-11-22T10:00:00+00:00|octocat|2026-11-22T10:00:00+00:00|Initial commit`);
      const clone = join(scratch, 'clone');
      await git(['clone', '--quiet', storage.pathOf(2), clone], scratch);
      expect(await readFile(join(clone, 'README.md'), 'utf8')).to.equal(firstCommit.readme);
      expect((await git(['-C', clone, 'rev-parse', 'HEAD'], scratch)).trim()).to.equal(sha);
    });

    it('gives the same SHA for the same inputs, and keeps an existing repository as it is', async () => {
      const sha = await storage.initWithReadme(3, firstCommit);
      expect(await storage.initWithReadme(4, firstCommit)).to.equal(sha);
      expect(await storage.initWithReadme(3, { ...firstCommit, readme: 'changed' })).to.equal(sha);
      expect(await storage.initWithReadme(5, { ...firstCommit, date: new Date('2026-11-22T10:00:01Z') })).not.to.equal(sha);
    });

    it('forks every branch and tag with their objects, standing alone', async () => {
      const sha = await storage.initWithReadme(6, firstCommit);
      await git(['--git-dir', storage.pathOf(6), 'branch', 'feature', 'main'], scratch);
      await git(['--git-dir', storage.pathOf(6), 'tag', 'v1.0', 'main'], scratch);
      await storage.fork(6, 7);
      expect(await storage.listRefs(7)).to.deep.equal([
        { name: 'refs/heads/feature', sha, type: 'commit' },
        { name: 'refs/heads/main', sha, type: 'commit' },
        { name: 'refs/tags/v1.0', sha, type: 'commit' },
      ]);
      expect(await storage.headBranch(7)).to.equal('main');
      expect(await git(['--git-dir', storage.pathOf(7), 'remote'], scratch)).to.equal('');
      await git(['--git-dir', storage.pathOf(7), 'fsck', '--strict'], scratch);
      await storage.delete(6);
      // The fork's objects are its own: the source's removal leaves it whole.
      const clone = join(scratch, 'fork-clone');
      await git(['clone', '--quiet', storage.pathOf(7), clone], scratch);
      expect(await readFile(join(clone, 'README.md'), 'utf8')).to.equal(firstCommit.readme);
    });

    it('forks only the named branch when asked, and an empty repository as empty', async () => {
      await storage.initWithReadme(8, firstCommit);
      await git(['--git-dir', storage.pathOf(8), 'branch', 'feature', 'main'], scratch);
      await storage.fork(8, 9, { onlyBranch: 'main' });
      expect((await storage.listRefs(9)).map((ref) => ref.name)).to.deep.equal(['refs/heads/main']);
      await storage.createBare(10, { defaultBranch: 'develop' });
      await storage.fork(10, 11);
      expect(await storage.listRefs(11)).to.deep.equal([]);
      expect(await storage.headBranch(11)).to.equal('develop');
    });

    it('lists the refs starting with a prefix (inside a segment or below it), the refs of exact names, and whether any ref exists', async () => {
      await storage.createBare(13, { defaultBranch: 'main' });
      expect(await storage.hasRefs(13)).to.equal(false);
      const sha = await storage.initWithReadme(14, firstCommit);
      for (const ref of ['refs/heads/feat', 'refs/heads/feature-a', 'refs/heads/feat-b/x/y', 'refs/heads/fea', 'refs/tags/v1', 'refs/pull/1/head']) {
        await git(['--git-dir', storage.pathOf(14), 'update-ref', ref, sha], scratch);
      }
      const names = (refs: readonly { name: string }[]) => refs.map((ref) => ref.name);
      expect(names(await storage.listRefs(14, 'refs/heads/feat'))).to.deep.equal(['refs/heads/feat', 'refs/heads/feat-b/x/y', 'refs/heads/feature-a']);
      expect(names(await storage.listRefs(14, 'refs/heads/'))).to.deep.equal([
        'refs/heads/fea',
        'refs/heads/feat',
        'refs/heads/feat-b/x/y',
        'refs/heads/feature-a',
        'refs/heads/main',
      ]);
      expect(names(await storage.listRefs(14, 'refs/pu'))).to.deep.equal(['refs/pull/1/head']);
      expect(await storage.listRefs(14, 'refs/heads/f*')).to.deep.equal([]);
      // A NUL (which no spawned argument carries), a space or a control character: no ref holds one.
      for (const odd of ['refs/heads/f\u0000', 'refs/heads/f ', 'refs/heads/f\n']) {
        expect(await storage.listRefs(14, odd)).to.deep.equal([]);
        expect(await storage.refsNamed(14, [odd, 'refs/tags/v1'])).to.deep.equal([{ name: 'refs/tags/v1', sha, type: 'commit' }]);
        expect(await storage.hasRefs(14, odd)).to.equal(false);
      }
      expect(await storage.listRefs(14)).to.have.length(7);
      expect(await storage.refsNamed(14, ['refs/heads/feat', 'refs/heads/feat-b', 'refs/tags/v1', 'refs/heads/nope', 'refs/heads/*'])).to.deep.equal([
        { name: 'refs/heads/feat', sha, type: 'commit' },
        { name: 'refs/tags/v1', sha, type: 'commit' },
      ]);
      expect(await storage.refsNamed(14, [])).to.deep.equal([]);
      // More names than one git process's arguments hold (2 MB), and names longer than any ref.
      const many = Array.from({ length: 3000 }, (_, n) => `refs/heads/${String(n).padEnd(1000, 'x')}`);
      expect(await storage.refsNamed(14, [...many, 'refs/tags/v1', `refs/heads/${'y'.repeat(200_000)}`])).to.deep.equal([
        { name: 'refs/tags/v1', sha, type: 'commit' },
      ]);
      expect(await storage.listRefs(14, `refs/heads/${'y'.repeat(200_000)}`)).to.deep.equal([]);
      expect(await storage.hasRefs(14, `refs/heads/${'y'.repeat(200_000)}`)).to.equal(false);
      expect(await storage.hasRefs(14)).to.equal(true);
      expect(await storage.hasRefs(14, 'refs/heads/feat-b/')).to.equal(true);
      expect(await storage.hasRefs(14, 'refs/heads/feat/')).to.equal(false);
      expect(await storage.hasRefs(15)).to.equal(false);
    });

    it('deletes a repository, and deleting what is absent changes nothing', async () => {
      await storage.createBare(12, { defaultBranch: 'main' });
      await storage.delete(12);
      expect(await storage.exists(12)).to.equal(false);
      await storage.delete(12);
      expect(await storage.listRefs(12)).to.deep.equal([]);
      expect(await storage.readRef(12, 'refs/heads/main')).to.equal(null);
      expect(await storage.headBranch(12)).to.equal(null);
    });

    it('reads absent refs and names that are not refs as null, and moves HEAD', async () => {
      const sha = await storage.initWithReadme(13, firstCommit);
      expect(await storage.readRef(13, 'refs/heads/nope')).to.equal(null);
      expect(await storage.readRef(13, '--upload-pack=touch /tmp/x')).to.equal(null);
      expect(await storage.readRef(13, 'refs/heads/../main')).to.equal(null);
      await git(['--git-dir', storage.pathOf(13), 'branch', 'release', 'main'], scratch);
      await storage.setHeadBranch(13, 'release');
      expect(await storage.headBranch(13)).to.equal('release');
      expect(await storage.readRef(13, 'refs/heads/release')).to.equal(sha);
    });

    it("reads a commit by an abbreviation of its SHA, and null for none, a full SHA or a tag's", async () => {
      const sha = await storage.initWithReadme(32, firstCommit);
      expect(await storage.commitByAbbreviation(32, sha.slice(0, 7))).to.equal(sha);
      expect(await storage.commitByAbbreviation(32, sha.slice(0, 39))).to.equal(sha);
      expect(await storage.commitByAbbreviation(32, sha)).to.equal(null);
      expect(await storage.commitByAbbreviation(32, 'main')).to.equal(null);
      expect(await storage.commitByAbbreviation(32, sha.slice(0, 3))).to.equal(null);
      const absent = [...'0123456789abcdef'].find((digit) => !sha.startsWith(digit))!;
      expect(await storage.commitByAbbreviation(32, absent.repeat(7))).to.equal(null);
      await git(['--git-dir', storage.pathOf(32), '-c', 'user.name=o', '-c', 'user.email=o@example.com', 'tag', '-a', '-m', 'v1', 'v1', sha], scratch);
      const tag = (await git(['--git-dir', storage.pathOf(32), 'rev-parse', 'refs/tags/v1'], scratch)).trim();
      expect(await storage.commitByAbbreviation(32, tag.slice(0, 10))).to.equal(null);
    });

    // Commits on a branch of a bare repository, written with plumbing as a push would leave them.
    const commitOnto = async (repositoryId: number, parent: string, files: Record<string, string>, message: string): Promise<string> => {
      const entries: string[] = [];
      for (const [name, content] of Object.entries(files)) {
        const blob = (
          await runGit(['--git-dir', storage.pathOf(repositoryId), 'hash-object', '-w', '--stdin'], gitEnvironment(scratch), { input: content })
        ).stdout.trim();
        entries.push(`100644 blob ${blob}\t${name}\n`);
      }
      const tree = (await runGit(['--git-dir', storage.pathOf(repositoryId), 'mktree'], gitEnvironment(scratch), { input: entries.join('') })).stdout.trim();
      const who = { name: 'octocat', email: 'octocat@example.com', date: firstCommit.date };
      return storage.writeCommit(repositoryId, { tree, parents: [parent], message, author: who, committer: who });
    };

    it('writes commits with the given parents and identities, and moves refs by compare-and-swap', async () => {
      const base = await storage.initWithReadme(20, firstCommit);
      const child = await commitOnto(20, base, { 'README.md': firstCommit.readme, 'a.txt': 'a\n' }, 'Add a\n');
      expect((await git(['--git-dir', storage.pathOf(20), 'log', '-1', '--format=%P|%an|%cI|%B', child], scratch)).trim()).to.equal(
        `${base}|octocat|2026-11-22T10:00:00+00:00|Add a`,
      );
      expect(await storage.updateRef(20, 'refs/heads/feature', child, null)).to.equal('moved');
      expect(await storage.updateRef(20, 'refs/heads/feature', base, null)).to.equal('superseded');
      expect(await storage.updateRef(20, 'refs/heads/main', child, child)).to.equal('superseded');
      expect(await storage.readRef(20, 'refs/heads/main')).to.equal(base);
      // What git will not write, whatever the ref holds: a directory/file conflict, a tree on a branch.
      expect(await storage.updateRef(20, 'refs/heads/feature/sub', child, null)).to.equal('refused');
      const tree = (await git(['--git-dir', storage.pathOf(20), 'rev-parse', `${child}^{tree}`], scratch)).trim();
      expect(await storage.updateRef(20, 'refs/heads/feature', tree, child)).to.equal('refused');
      expect(await storage.readRef(20, 'refs/heads/feature')).to.equal(child);
      expect(await storage.updateRef(20, 'refs/heads/main', child, base)).to.equal('moved');
      expect(await storage.readRef(20, 'refs/heads/main')).to.equal(child);
      await git(['--git-dir', storage.pathOf(20), 'fsck', '--strict', '--no-dangling'], scratch);
    });

    it('compares two commits as GitHub does: commits on head only, diff from the merge base', async () => {
      const base = await storage.initWithReadme(21, firstCommit);
      const head = await commitOnto(21, base, { 'README.md': '# changed\n', 'b.txt': 'one\ntwo\n' }, 'Change');
      const movedBase = await commitOnto(21, base, { 'README.md': firstCommit.readme, 'c.txt': 'base only\n' }, 'Base moves');
      expect(await storage.compareCommits(21, movedBase, head)).to.deep.equal({ commits: 1, additions: 3, deletions: 2, changedFiles: 2 });
      expect(await storage.compareCommits(21, head, head)).to.deep.equal({ commits: 0, additions: 0, deletions: 0, changedFiles: 0 });
    });

    it('merges trees without a work tree, and reports conflicts', async () => {
      const base = await storage.initWithReadme(22, firstCommit);
      const left = await commitOnto(22, base, { 'README.md': firstCommit.readme, 'x.txt': 'left\n' }, 'Left');
      const right = await commitOnto(22, base, { 'README.md': firstCommit.readme, 'y.txt': 'right\n' }, 'Right');
      const clash = await commitOnto(22, base, { 'README.md': firstCommit.readme, 'x.txt': 'clash\n' }, 'Clash');
      const merged = await storage.mergeTree(22, left, right);
      if (!merged.clean) expect.fail('expected a clean merge');
      expect((await git(['--git-dir', storage.pathOf(22), 'ls-tree', '--name-only', merged.tree], scratch)).trim().split('\n')).to.deep.equal([
        'README.md',
        'x.txt',
        'y.txt',
      ]);
      expect(await storage.mergeTree(22, left, clash)).to.deep.equal({ clean: false });
      expect(await storage.mergeBase(22, left, right)).to.equal(base);
      const who = { name: 'Root', email: 'root@example.com', date: new Date('2026-01-01T00:00:00Z') };
      const tree = (await git(['--git-dir', storage.pathOf(22), 'rev-parse', `${left}^{tree}`], scratch)).trim();
      const root = await storage.writeCommit(22, { tree, parents: [], message: 'Unrelated\n', author: who, committer: who });
      expect(await storage.mergeBase(22, left, root)).to.equal(null);
      expect(await storage.mergeTree(22, left, root)).to.deep.equal({ clean: false });
    });

    // Past a few thousand, `-p` arguments would overflow the argument list (E2BIG): the parents
    // past the first thousand go into the commit's text, which must be the bytes git writes.
    it('writes a commit of more parents than it hands git as arguments, byte for byte as git writes it', async () => {
      await storage.initWithReadme(25, firstCommit);
      const count = 1_005;
      const script = Array.from(
        { length: count },
        (_, n) => `commit refs/heads/p${n}\nmark :${n + 1}\ncommitter A <a@example.com> 0 +0000\ndata ${String(n).length + 1}\np${n}\n`,
      ).join('');
      await runGit(['--git-dir', storage.pathOf(25), 'fast-import', '--quiet'], gitEnvironment(scratch), { input: script });
      const parents = (await git(['--git-dir', storage.pathOf(25), 'for-each-ref', '--format=%(objectname)', '--sort=refname', 'refs/heads/p*'], scratch))
        .trim()
        .split('\n');
      expect(parents).to.have.length(count);
      const who = { name: 'Octopus', email: 'octopus@example.com', date: new Date('2026-01-01T00:00:00Z') };
      const tree = (await git(['--git-dir', storage.pathOf(25), 'rev-parse', 'main^{tree}'], scratch)).trim();
      const sha = await storage.writeCommit(25, { tree, parents, message: 'Octopus\n', author: who, committer: who });
      const env = { ...gitEnvironment(scratch), GIT_AUTHOR_NAME: 'Octopus', GIT_AUTHOR_EMAIL: 'octopus@example.com', GIT_AUTHOR_DATE: '@1767225600 +0000' };
      const byGit = await runGit(['--git-dir', storage.pathOf(25), 'commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-m', 'Octopus'], {
        ...env,
        GIT_COMMITTER_NAME: 'Octopus',
        GIT_COMMITTER_EMAIL: 'octopus@example.com',
        GIT_COMMITTER_DATE: '@1767225600 +0000',
      });
      expect(sha).to.equal(byGit.stdout.trim());
      expect((await git(['--git-dir', storage.pathOf(25), 'log', '-1', '--format=%P', sha], scratch)).trim().split(' ')).to.deep.equal(parents);
      await git(['--git-dir', storage.pathOf(25), 'fsck', '--strict', '--no-dangling'], scratch);
    });

    it('fetches a commit from another repository, under a hidden ref or none', async () => {
      const base = await storage.initWithReadme(23, firstCommit);
      await storage.fork(23, 24);
      const head = await commitOnto(24, base, { 'README.md': 'fork\n' }, 'In the fork');
      await storage.fetchCommit(23, 24, head, 'refs/pull/1/head');
      expect(await storage.readRef(23, 'refs/pull/1/head')).to.equal(head);
      const next = await commitOnto(24, head, { 'README.md': 'fork again\n' }, 'Again');
      await storage.fetchCommit(23, 24, next, null);
      expect((await git(['--git-dir', storage.pathOf(23), 'cat-file', '-t', next], scratch)).trim()).to.equal('commit');
      expect(await storage.compareCommits(23, base, next)).to.include({ commits: 2 });
    });

    it('Git Data plumbing: blobs, trees, tags and ref deletion, each with the object git itself writes', async () => {
      const base = await storage.initWithReadme(31, firstCommit);
      const blob = await storage.writeBlob(31, Buffer.from('bytes\n'));
      const many = await storage.writeBlobs(31, [Buffer.from('bytes\n'), Buffer.from(''), Buffer.from([0, 255])]);
      expect(many[0]).to.equal(blob);
      expect(many[1]).to.equal('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
      expect((await storage.readObject(31, many[2]!))?.content).to.deep.equal(Buffer.from([0, 255]));
      expect(blob).to.equal((await runGit(['hash-object', '--stdin'], gitEnvironment(scratch), { input: 'bytes\n' })).stdout.trim());
      expect(await storage.readObject(31, blob)).to.deep.equal({ type: 'blob', content: Buffer.from('bytes\n') });
      expect(await storage.readObject(31, '0'.repeat(40))).to.equal(null);
      const inner = await storage.writeTree(31, [{ mode: '100644', type: 'blob', sha: blob, path: 'b.txt' }]);
      const outer = await storage.writeTree(31, [
        { mode: '040000', type: 'tree', sha: inner, path: 'dir' },
        { mode: '100755', type: 'blob', sha: blob, path: 'a.sh' },
      ]);
      expect(await storage.readTree(31, outer, true)).to.deep.equal([
        { mode: '100755', type: 'blob', sha: blob, path: 'a.sh', size: 6 },
        { mode: '040000', type: 'tree', sha: inner, path: 'dir' },
        { mode: '100644', type: 'blob', sha: blob, path: 'dir/b.txt', size: 6 },
      ]);
      expect(await storage.readTree(31, blob, false)).to.equal(null);
      // Through one process: each tree answered before the next, so the outer names the inner;
      // the same objects as one process each, an empty tree included.
      const batched = await storage.writeTrees(31, async (writeTree) => {
        const written = await writeTree([{ mode: '100644', type: 'blob', sha: blob, path: 'b.txt' }]);
        const empty = await writeTree([]);
        return [
          written,
          empty,
          await writeTree([
            { mode: '040000', type: 'tree', sha: written, path: 'dir' },
            { mode: '100755', type: 'blob', sha: blob, path: 'a.sh' },
          ]),
        ];
      });
      expect(batched).to.deep.equal([inner, '4b825dc642cb6eb9a060e54bf8d69288fbee4904', outer]);
      const tag = await storage.writeTag(31, {
        object: base,
        type: 'commit',
        tag: 'v1',
        tagger: { name: 'T', email: 't@example.com', date: new Date('2026-11-22T10:00:00Z') },
        message: 'One\n',
      });
      expect((await storage.readObject(31, tag))?.type).to.equal('tag');
      expect(await storage.updateRef(31, 'refs/heads/other', base, null)).to.equal('moved');
      expect(await storage.deleteRef(31, 'refs/heads/other', blob)).to.equal(false);
      expect(await storage.deleteRef(31, 'refs/heads/other', base)).to.equal(true);
      expect(await storage.readRef(31, 'refs/heads/other')).to.equal(null);
      await git(['--git-dir', storage.pathOf(31), 'fsck', '--strict'], scratch);
    });
  });
}
