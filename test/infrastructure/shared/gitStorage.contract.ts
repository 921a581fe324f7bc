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
      expect(await storage.listRefs(2)).to.deep.equal([{ name: 'refs/heads/main', sha }]);
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
        { name: 'refs/heads/feature', sha },
        { name: 'refs/heads/main', sha },
        { name: 'refs/tags/v1.0', sha },
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
  });
}
