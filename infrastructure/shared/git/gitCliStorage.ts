import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  CommitsAdded,
  CommitRecord,
  FileChange,
  GitObject,
  GitObjectType,
  GitTreeEntry,
  NewTag,
  CommitIdentity,
  CommitRangeStats,
  ForkOptions,
  GitRef,
  GitStorage,
  InitialCommit,
  MergeTreeResult,
  NewCommit,
  RebaseResult,
  RefUpdateOutcome,
} from '../../../application/shared/ports/gitStorage.port.js';
import { gitEnvironment, runGit, STAGING_DIRECTORY, type GitRunOptions } from './gitCommand.js';
import { GitCommitOperations } from './gitCommitOperations.js';
import { fileChanges } from './gitFileChanges.js';
import { GitObjects } from './gitObjects.js';
import { revList, walkCommits } from './commitWalk.js';
import { progressPercent, runTool } from './gitProgress.js';

// A full ref name git would accept, and that can never be read as an option.
const SHA = /^[0-9a-f]{40}$/;
// At most 1,024 characters: a name git could keep (each part a file name of at most 255 bytes),
// and an argument the system takes (a megabyte one failed the spawn, E2BIG, a 500).
// Git refuses ASCII's space and controls only (\x00-\x20): not \s, which would refuse the
// unicode spaces git keeps (a no-break space, an ideographic space).
const REF_NAME = /^(?=.{1,1024}$)refs\/(?!.*\.\.)(?!.*\/\.)[^\x00-\x20\x7f~^:?*[\\]+(?<![./])$/s;
const BRANCH_NAME = /^(?!-)(?!.*\.\.)(?!.*\/\.)[^\x00-\x20\x7f~^:?*[\\]+(?<![./])$/;
// Characters no ref name holds (check-ref-format's), so a prefix or name holding one names no
// ref. Among them git's pattern characters (*?[\) and the NUL a spawned argument cannot carry.
const NO_REF_CHARACTERS = /[\x00-\x20\x7f~^:?*[\\]/;
// A name longer than any ref (REF_NAME's 1,024) names none, nor starts one.
const MAX_REF_LENGTH = 1024;
const namesNoRef = (name: string): boolean => name.length > MAX_REF_LENGTH || NO_REF_CHARACTERS.test(name);
// The bytes of names one for-each-ref is handed: a process's arguments hold some 2 MB in all
// (E2BIG beyond), and the names a raw file's long path could be run far past that.
const PATTERN_BYTES_PER_RUN = 128 * 1024;

function inRuns(names: readonly string[]): string[][] {
  const runs: string[][] = [];
  let bytes = Infinity;
  for (const name of names) {
    const size = Buffer.byteLength(name) + 1;
    if (bytes + size > PATTERN_BYTES_PER_RUN) {
      runs.push([]);
      bytes = 0;
    }
    runs[runs.length - 1]!.push(name);
    bytes += size;
  }
  return runs;
}

// for-each-ref's patterns match whole path segments: `<prefix>*` the names going on in the
// prefix's last segment, `<prefix>*/**` those going on below it. No pattern: every ref.
const prefixPatterns = (prefix: string): string[] => (prefix === '' ? [] : [`${prefix}*`, `${prefix}*/**`]);

function gitDate(date: Date): string {
  return `${Math.floor(date.getTime() / 1000)} +0000`;
}

function isAlreadyThere(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOTEMPTY' || code === 'EEXIST';
}

// Bare repositories under <dataDir>/git/<id>.git, driven by the git CLI. Each new
// repository is built in <dataDir>/git/.staging and renamed into place, so a crash never
// leaves a half-written repository where readers look.
export class GitCliStorage implements GitStorage {
  private readonly root: string;
  private readonly staging: string;
  private readonly environment: Record<string, string>;
  private readonly commits: GitCommitOperations;
  private readonly objects: GitObjects;

  constructor(dataDirectory: string) {
    this.root = join(dataDirectory, 'git');
    this.staging = join(this.root, STAGING_DIRECTORY);
    // HOME is the data directory so no user's ~/.gitconfig changes what is written.
    this.environment = gitEnvironment(dataDirectory);
    this.commits = new GitCommitOperations(this.environment);
    this.objects = new GitObjects(this.environment);
  }

  pathOf(repositoryId: number): string {
    return join(this.root, `${repositoryId}.git`);
  }

  async createBare(repositoryId: number, { defaultBranch }: { readonly defaultBranch: string }): Promise<void> {
    await this.buildAside(repositoryId, (directory) => this.initBare(directory, defaultBranch));
  }

  async initWithReadme(repositoryId: number, commit: InitialCommit): Promise<string> {
    const branchRef = `refs/heads/${commit.defaultBranch}`;
    await this.buildAside(repositoryId, async (directory) => {
      await this.initBare(directory, commit.defaultBranch);
      const blob = await this.gitIn(directory, ['hash-object', '-w', '--stdin'], { input: commit.readme });
      const tree = await this.gitIn(directory, ['mktree'], { input: `100644 blob ${blob}\tREADME.md\n` });
      const sha = await this.gitIn(directory, ['commit-tree', tree, '-m', commit.message], { env: this.identity(commit) });
      // The empty old value makes update-ref refuse if the branch somehow exists already.
      await this.gitIn(directory, ['update-ref', branchRef, sha, '']);
    });
    const sha = await this.readRef(repositoryId, branchRef);
    if (sha === null) throw new Error(`repository ${repositoryId} exists without its initial branch ${commit.defaultBranch}`);
    return sha;
  }

  async fork(sourceRepositoryId: number, targetRepositoryId: number, options: ForkOptions = {}): Promise<void> {
    const source = this.pathOf(sourceRepositoryId);
    if (!(await this.exists(sourceRepositoryId))) throw new Error(`cannot fork repository ${sourceRepositoryId}: it has no git directory`);
    const head = options.onlyBranch ?? (await this.headBranch(sourceRepositoryId)) ?? 'main';
    await this.buildAside(targetRepositoryId, async (directory) => {
      const branchOnly = options.onlyBranch ? ['--single-branch', '--branch', options.onlyBranch] : [];
      await runGit(['clone', '--bare', '--quiet', ...branchOnly, '--', source, directory], this.environment);
      // The fork stands alone: no remote pointing into another repository's directory.
      await this.gitIn(directory, ['remote', 'remove', 'origin']);
      // An empty source has no HEAD to follow; the fork names the same branch the source does.
      await this.gitIn(directory, ['symbolic-ref', 'HEAD', `refs/heads/${head}`]);
    });
  }

  async delete(repositoryId: number): Promise<void> {
    this.objects.forget(this.pathOf(repositoryId));
    if (!(await this.exists(repositoryId))) return;
    await mkdir(this.staging, { recursive: true });
    // Renamed away first, so the repository disappears in one step and the removal can take its time.
    const doomed = join(this.staging, `deleted-${repositoryId}-${process.pid}-${Date.now()}`);
    try {
      await rename(this.pathOf(repositoryId), doomed);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await rm(doomed, { recursive: true, force: true });
  }

  async exists(repositoryId: number): Promise<boolean> {
    try {
      return (await stat(join(this.pathOf(repositoryId), 'HEAD'))).isFile();
    } catch {
      return false;
    }
  }

  // Only the refs asked for are listed: a repository's refs grow with its history (a pull
  // request's refs/pull/<n>/head, tags), and a read of one must not cost them all.
  async listRefs(repositoryId: number, prefix = ''): Promise<GitRef[]> {
    if (namesNoRef(prefix)) return [];
    return (await this.forEachRef(repositoryId, prefixPatterns(prefix))).filter((ref) => ref.name.startsWith(prefix));
  }

  async refsNamed(repositoryId: number, names: readonly string[]): Promise<GitRef[]> {
    const wanted = new Set([...names].filter((name) => name !== '' && !namesNoRef(name)));
    const found: GitRef[] = [];
    // A literal pattern matches the name and the names below it: only the name is kept.
    for (const run of inRuns([...wanted])) found.push(...(await this.forEachRef(repositoryId, run)).filter((ref) => wanted.has(ref.name)));
    // In git's order (bytes), as one run answers.
    return found.sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  }

  async hasRefs(repositoryId: number, prefix = ''): Promise<boolean> {
    if (namesNoRef(prefix)) return false;
    return (await this.forEachRef(repositoryId, prefixPatterns(prefix), 1)).length > 0;
  }

  private async forEachRef(repositoryId: number, patterns: readonly string[], count?: number): Promise<GitRef[]> {
    if (!(await this.exists(repositoryId))) return [];
    const limit = count === undefined ? [] : [`--count=${count}`];
    const output = await this.gitIn(this.pathOf(repositoryId), [
      'for-each-ref',
      ...limit,
      '--format=%(objecttype) %(objectname) %(refname)',
      '--',
      ...patterns,
    ]);
    return output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [type, sha] = line.split(' ', 2) as [GitObjectType, string];
        return { sha, name: line.slice(type.length + sha.length + 2), type };
      });
  }

  async readRef(repositoryId: number, refName: string): Promise<string | null> {
    if (!REF_NAME.test(refName) || !(await this.exists(repositoryId))) return null;
    const result = await runGit(['--git-dir', this.pathOf(repositoryId), 'rev-parse', '--verify', '--quiet', refName], this.environment, {
      allowExitCodes: [1],
    });
    return result.exitCode === 0 ? result.stdout.trim() : null;
  }

  async commitByAbbreviation(repositoryId: number, abbreviation: string): Promise<string | null> {
    if (!/^[0-9a-f]{4,39}$/.test(abbreviation) || !(await this.exists(repositoryId))) return null;
    // ^{commit} makes git choose among the commits only; several left is ambiguous (exit 1 or 128).
    const result = await runGit(['--git-dir', this.pathOf(repositoryId), 'rev-parse', '--verify', '--quiet', `${abbreviation}^{commit}`], this.environment, {
      allowExitCodes: [1, 128],
    });
    const sha = result.stdout.trim();
    // A tag's abbreviation peels to its commit: that commit is not the one named.
    return result.exitCode === 0 && sha.startsWith(abbreviation) ? sha : null;
  }

  async headBranch(repositoryId: number): Promise<string | null> {
    if (!(await this.exists(repositoryId))) return null;
    const result = await runGit(['--git-dir', this.pathOf(repositoryId), 'symbolic-ref', '--quiet', '--short', 'HEAD'], this.environment, {
      allowExitCodes: [1],
    });
    return result.exitCode === 0 ? result.stdout.trim() : null;
  }

  async setHeadBranch(repositoryId: number, branch: string): Promise<void> {
    if (!BRANCH_NAME.test(branch)) throw new Error(`not a branch name: ${JSON.stringify(branch)}`);
    await this.gitIn(this.pathOf(repositoryId), ['symbolic-ref', 'HEAD', `refs/heads/${branch}`]);
  }

  async fetchCommit(targetRepositoryId: number, sourceRepositoryId: number, sha: string, targetRef: string | null): Promise<void> {
    if (targetRef !== null && !REF_NAME.test(targetRef)) throw new Error(`not a ref name: ${JSON.stringify(targetRef)}`);
    await this.commits.fetchCommit(this.pathOf(targetRepositoryId), this.pathOf(sourceRepositoryId), sha, targetRef);
  }

  async fetchObjects(repositoryId: number, sourceGitDir: string, refNames: readonly string[], onProgress: (percent: number) => void): Promise<void> {
    for (const ref of refNames) if (!REF_NAME.test(ref)) throw new Error(`not a ref name: ${JSON.stringify(ref)}`);
    if (refNames.length === 0) return;
    // --stdin: however many refs, no argument list limit; no destination: no ref moves here.
    const fetched = await runTool(
      'git',
      ['-C', this.pathOf(repositoryId), 'fetch', '--no-write-fetch-head', '--no-tags', '--progress', '--stdin', '--', sourceGitDir],
      {
        env: this.environment,
        input: refNames.map((ref) => `${ref}\n`).join(''),
        onStderrLine: (line) => {
          const percent = progressPercent(line, /Receiving objects/);
          if (percent !== null) onProgress(percent);
        },
      },
    );
    if (fetched.exitCode !== 0) throw new Error(`git fetch from ${sourceGitDir} exited with ${fetched.exitCode}: ${fetched.stderr.trim().slice(-2000)}`);
    onProgress(100);
  }

  async changedPaths(repositoryId: number, sha: string): Promise<{ added: string[]; removed: string[]; modified: string[] }> {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error(`not a commit name: ${JSON.stringify(sha)}`);
    const { stdout } = await runGit(
      ['-C', this.pathOf(repositoryId), 'diff-tree', '--no-commit-id', '--root', '-r', '--name-status', '-z', sha],
      this.environment,
    );
    const fields = stdout.split('\0');
    const changed = { added: [] as string[], removed: [] as string[], modified: [] as string[] };
    for (let index = 0; index + 1 < fields.length; index += 2) {
      const status = fields[index]!;
      const path = fields[index + 1]!;
      if (status === 'A') changed.added.push(path);
      else if (status === 'D') changed.removed.push(path);
      else if (status !== '') changed.modified.push(path);
    }
    return changed;
  }

  fileChanges(repositoryId: number, from: string | null, to: string): Promise<FileChange[] | null> {
    return fileChanges(this.pathOf(repositoryId), this.environment, (sha) => this.readObject(repositoryId, sha), from, to);
  }

  compareCommits(repositoryId: number, baseSha: string, headSha: string): Promise<CommitRangeStats> {
    return this.commits.compareCommits(this.pathOf(repositoryId), baseSha, headSha);
  }

  mergeBase(repositoryId: number, oneSha: string, otherSha: string): Promise<string | null> {
    return this.commits.mergeBase(this.pathOf(repositoryId), oneSha, otherSha);
  }

  mergeTree(repositoryId: number, oursSha: string, theirsSha: string): Promise<MergeTreeResult> {
    return this.commits.mergeTree(this.pathOf(repositoryId), oursSha, theirsSha);
  }

  rebase(repositoryId: number, baseSha: string, headSha: string, committer: CommitIdentity): Promise<RebaseResult> {
    return this.commits.rebase(this.pathOf(repositoryId), baseSha, headSha, committer);
  }

  writeCommit(repositoryId: number, commit: NewCommit): Promise<string> {
    return this.commits.writeCommit(this.pathOf(repositoryId), commit);
  }

  writeBlob(repositoryId: number, content: Uint8Array): Promise<string> {
    return this.objects.writeBlob(this.pathOf(repositoryId), content);
  }

  writeBlobs(repositoryId: number, contents: readonly Uint8Array[]): Promise<string[]> {
    return this.objects.writeBlobs(this.pathOf(repositoryId), contents);
  }

  readObject(repositoryId: number, sha: string): Promise<GitObject | null> {
    return this.objects.readObject(this.pathOf(repositoryId), sha);
  }

  fsckFileProblems(files: readonly { readonly name: '.gitmodules' | '.gitattributes'; readonly content: Uint8Array }[]): Promise<(string | null)[]> {
    return this.objects.fsckFileProblems(files);
  }

  writeTree(repositoryId: number, entries: readonly GitTreeEntry[]): Promise<string> {
    return this.objects.writeTree(this.pathOf(repositoryId), entries);
  }

  writeTrees<T>(repositoryId: number, use: (writeTree: (entries: readonly GitTreeEntry[]) => Promise<string>) => Promise<T>): Promise<T> {
    return this.objects.writeTrees(this.pathOf(repositoryId), use);
  }

  readTree(repositoryId: number, sha: string, recursive: boolean): Promise<GitTreeEntry[] | null> {
    return this.objects.readTree(this.pathOf(repositoryId), sha, recursive);
  }

  writeTag(repositoryId: number, tag: NewTag): Promise<string> {
    return this.objects.writeTag(this.pathOf(repositoryId), tag);
  }

  async close(): Promise<void> {
    this.objects.close();
  }

  commitsAdded(repositoryId: number, from: string | null, to: string, max: number): Promise<CommitsAdded> {
    return this.objects.commitsAdded(this.pathOf(repositoryId), from, to, max);
  }

  walkCommits(repositoryId: number, include: readonly string[], exclude: readonly string[], batchSize: number): AsyncIterable<readonly CommitRecord[]> {
    return walkCommits(this.pathOf(repositoryId), this.environment, include, exclude, batchSize);
  }

  revList(repositoryId: number, include: readonly string[], exclude: readonly string[]): Promise<string[]> {
    return revList(this.pathOf(repositoryId), this.environment, include, exclude);
  }

  deleteRef(repositoryId: number, refName: string, expectedOldSha: string): Promise<boolean> {
    if (!REF_NAME.test(refName)) throw new Error(`not a ref name: ${JSON.stringify(refName)}`);
    return this.objects.deleteRef(this.pathOf(repositoryId), refName, expectedOldSha);
  }

  async isAncestor(repositoryId: number, ancestorSha: string, descendantSha: string): Promise<boolean> {
    if (!SHA.test(ancestorSha) || !SHA.test(descendantSha)) return false;
    const result = await runGit(['--git-dir', this.pathOf(repositoryId), 'merge-base', '--is-ancestor', ancestorSha, descendantSha], this.environment, {
      allowExitCodes: [1],
    });
    return result.exitCode === 0;
  }

  updateRef(repositoryId: number, refName: string, newSha: string, expectedOldSha: string | null): Promise<RefUpdateOutcome> {
    if (!REF_NAME.test(refName)) throw new Error(`not a ref name: ${JSON.stringify(refName)}`);
    return this.commits.updateRef(this.pathOf(repositoryId), refName, newSha, expectedOldSha);
  }

  private async initBare(directory: string, defaultBranch: string): Promise<void> {
    if (!BRANCH_NAME.test(defaultBranch)) throw new Error(`not a branch name: ${JSON.stringify(defaultBranch)}`);
    await runGit(['init', '--bare', '--quiet', `--initial-branch=${defaultBranch}`, '--', directory], this.environment);
  }

  // Populates a fresh directory beside the live ones, then renames it into place. If another
  // writer (or an earlier attempt) got there first, the existing repository stands.
  private async buildAside(repositoryId: number, populate: (directory: string) => Promise<void>): Promise<void> {
    if (await this.exists(repositoryId)) return;
    await mkdir(this.staging, { recursive: true });
    const directory = await mkdtemp(join(this.staging, `${repositoryId}-`));
    try {
      await populate(directory);
      await rename(directory, this.pathOf(repositoryId)).catch((error: unknown) => {
        if (!isAlreadyThere(error)) throw error;
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  private identity(commit: InitialCommit): Record<string, string> {
    const date = gitDate(commit.date);
    return {
      GIT_AUTHOR_NAME: commit.authorName,
      GIT_AUTHOR_EMAIL: commit.authorEmail,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: commit.authorName,
      GIT_COMMITTER_EMAIL: commit.authorEmail,
      GIT_COMMITTER_DATE: date,
    };
  }

  private async gitIn(gitDirectory: string, args: readonly string[], options: GitRunOptions = {}): Promise<string> {
    return (await runGit(['--git-dir', gitDirectory, ...args], this.environment, options)).stdout.trim();
  }
}
