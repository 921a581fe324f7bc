import type {
  CommitIdentity,
  CommitRangeStats,
  MergeTreeResult,
  NewCommit,
  RebaseResult,
  RefUpdateOutcome,
} from '../../../application/shared/ports/gitStorage.port.js';
import { signatureHeader } from '../../../domain/gitdata/gitObjectText.js';
import { GitCommandError, runGit } from './gitCommand.js';

// How many parents are handed to commit-tree as arguments (each `-p <sha>` is 44 bytes).
const PARENTS_IN_ARGUMENTS = 1_000;

// What pull requests need from a bare repository, without a work tree: comparing two
// commits, merging trees, writing commits and moving refs with compare-and-swap.
// Only full SHAs and checked ref names reach git, so no argument can be read as an option.
const SHA = /^[0-9a-f]{40}$/;

function requireSha(value: string): string {
  if (!SHA.test(value)) throw new Error(`not a commit SHA: ${JSON.stringify(value)}`);
  return value;
}

// Git's internal date format; the `@` makes git read the number as seconds since the epoch
// whatever its length (without it, fewer than nine digits are read as a date).
function gitDate(date: Date, utcOffset = '+0000'): string {
  return `@${Math.floor(date.getTime() / 1000)} ${utcOffset}`;
}

export class GitCommitOperations {
  constructor(private readonly environment: Record<string, string>) {}

  async compareCommits(gitDirectory: string, baseSha: string, headSha: string): Promise<CommitRangeStats> {
    const [base, head] = [requireSha(baseSha), requireSha(headSha)];
    const count = await this.git(gitDirectory, ['rev-list', '--count', `${base}..${head}`]);
    // GitHub's diff is three-dot: from where head left base, so base's own later work is not counted.
    const mergeBase = await runGit(['--git-dir', gitDirectory, 'merge-base', base, head], this.environment, { allowExitCodes: [1] });
    const from = mergeBase.exitCode === 0 ? mergeBase.stdout.trim() : base;
    const numstat = await this.git(gitDirectory, ['diff', '--numstat', '--no-renames', from, head]);
    let additions = 0;
    let deletions = 0;
    let changedFiles = 0;
    for (const line of numstat.split('\n')) {
      if (line === '') continue;
      const [added = '-', deleted = '-'] = line.split('\t');
      changedFiles++;
      // Binary files report "-": changed, with no lines counted.
      additions += added === '-' ? 0 : Number(added);
      deletions += deleted === '-' ? 0 : Number(deleted);
    }
    return { commits: Number(count), additions, deletions, changedFiles };
  }

  // The best common ancestor of two commits, or null when their histories share none.
  async mergeBase(gitDirectory: string, oneSha: string, otherSha: string): Promise<string | null> {
    const result = await runGit(['--git-dir', gitDirectory, 'merge-base', requireSha(oneSha), requireSha(otherSha)], this.environment, {
      allowExitCodes: [1],
    });
    return result.exitCode === 0 ? requireSha(result.stdout.trim()) : null;
  }

  async mergeTree(gitDirectory: string, oursSha: string, theirsSha: string): Promise<MergeTreeResult> {
    const result = await runGit(
      ['--git-dir', gitDirectory, 'merge-tree', '--write-tree', '--no-messages', requireSha(oursSha), requireSha(theirsSha)],
      this.environment,
      { allowExitCodes: [1] },
    ).catch(async (error: unknown) => {
      // git refuses to merge unrelated histories (exit 128): not mergeable, as GitHub says.
      if ((await this.mergeBase(gitDirectory, oursSha, theirsSha)) === null) return null;
      throw error;
    });
    if (result === null) return { clean: false };
    // Exit 1 is git's answer "conflicts"; the tree it printed holds conflict markers.
    if (result.exitCode !== 0) return { clean: false };
    return { clean: true, tree: requireSha(result.stdout.split('\n')[0]!.trim()) };
  }

  // Each commit is cherry-picked with merge-tree: git 2.39's merge-tree takes no explicit
  // merge base, so a throwaway commit with the current tip's tree and the picked commit's
  // parent as its only parent makes that parent the merge base, which is a cherry-pick's
  // three-way merge. The picked commit's author line (time zone included) is kept as is.
  async rebase(gitDirectory: string, baseSha: string, headSha: string, committer: CommitIdentity): Promise<RebaseResult> {
    const listed = await this.git(gitDirectory, ['rev-list', '--reverse', '--no-merges', '--topo-order', `${requireSha(baseSha)}..${requireSha(headSha)}`]);
    let tip = requireSha(baseSha);
    for (const sha of listed === '' ? [] : listed.split('\n')) {
      // Untrimmed: the message is kept byte for byte.
      const picked = parseCommit((await runGit(['--git-dir', gitDirectory, 'cat-file', 'commit', requireSha(sha)], this.environment)).stdout);
      const parent = picked.parents[0];
      if (parent === undefined) return { clean: false };
      const tipTree = await this.git(gitDirectory, ['rev-parse', `${tip}^{tree}`]);
      const standIn = requireSha(
        await this.git(gitDirectory, ['commit-tree', requireSha(tipTree), '-p', requireSha(parent), '-m', 'rebase stand-in'], {
          env: { ...identity('AUTHOR', committer), ...identity('COMMITTER', committer) },
        }),
      );
      const merged = await this.mergeTree(gitDirectory, standIn, sha);
      if (!merged.clean) return { clean: false };
      const env = {
        GIT_AUTHOR_NAME: picked.author.name,
        GIT_AUTHOR_EMAIL: picked.author.email,
        GIT_AUTHOR_DATE: picked.author.date,
        ...identity('COMMITTER', committer),
      };
      tip = requireSha(await this.git(gitDirectory, ['commit-tree', merged.tree, '-p', tip, '-F', '-'], { input: picked.message, env }));
    }
    return { clean: true, tip };
  }

  async writeCommit(gitDirectory: string, commit: NewCommit): Promise<string> {
    // Past a few thousand parents `-p` arguments overflow the system's argument list (E2BIG):
    // git writes the commit with the first ones, and the rest are added to its text below.
    const inArguments = commit.parents.slice(0, PARENTS_IN_ARGUMENTS);
    const parents = inArguments.flatMap((parent) => ['-p', requireSha(parent)]);
    const env = { ...identity('AUTHOR', commit.author), ...identity('COMMITTER', commit.committer) };
    let sha = requireSha(await this.git(gitDirectory, ['commit-tree', requireSha(commit.tree), ...parents, '-F', '-'], { input: commit.message, env }));
    if (commit.parents.length > inArguments.length) sha = await this.withMoreParents(gitDirectory, sha, commit.parents.slice(inArguments.length));
    return commit.signature === undefined ? sha : this.signed(gitDirectory, sha, commit.signature);
  }

  // The commit git wrote with further parent lines after its own, where git writes every
  // parent (after the tree, before the author): the same bytes commit-tree would have written
  // had it been handed them all.
  private async withMoreParents(gitDirectory: string, sha: string, more: readonly string[]): Promise<string> {
    const text = (await runGit(['--git-dir', gitDirectory, 'cat-file', 'commit', sha], this.environment)).stdout;
    const authorLine = text.indexOf('\nauthor ') + 1;
    const lines = more.map((parent) => `parent ${requireSha(parent)}\n`).join('');
    return requireSha(
      await this.git(gitDirectory, ['hash-object', '-t', 'commit', '-w', '--stdin'], { input: text.slice(0, authorLine) + lines + text.slice(authorLine) }),
    );
  }

  // The commit git wrote, with the signature added as `git commit -S` adds it: a gpgsig header
  // at the end of the headers. What it signs is exactly the commit git wrote unsigned.
  private async signed(gitDirectory: string, unsignedSha: string, signature: string): Promise<string> {
    const text = (await runGit(['--git-dir', gitDirectory, 'cat-file', 'commit', unsignedSha], this.environment)).stdout;
    const end = text.indexOf('\n\n');
    const withSignature = `${text.slice(0, end)}\n${signatureHeader(signature)}${text.slice(end)}`;
    return requireSha(await this.git(gitDirectory, ['hash-object', '-t', 'commit', '-w', '--stdin'], { input: withSignature }));
  }

  async updateRef(gitDirectory: string, refName: string, newSha: string, expectedOldSha: string | null): Promise<RefUpdateOutcome> {
    // An empty old value means "must not exist yet".
    const old = expectedOldSha === null ? '' : requireSha(expectedOldSha);
    try {
      await this.git(gitDirectory, ['update-ref', refName, requireSha(newSha), old]);
      return 'moved';
    } catch (error) {
      if (!(error instanceof GitCommandError)) throw error;
      const current = await runGit(['--git-dir', gitDirectory, 'rev-parse', '--verify', '--quiet', refName], this.environment, { allowExitCodes: [1] });
      const now = current.exitCode === 0 ? current.stdout.trim() : null;
      if (now !== expectedOldSha) return 'superseded';
      // What update-ref will never write (a blob on a branch, refs/heads/a/b beside
      // refs/heads/a); any other failure (a lock held, a full disk) is a fault.
      if (/trying to write non-commit|exists; cannot create/.test(error.stderr)) return 'refused';
      throw error;
    }
  }

  // The target ref name arrives checked by the adapter. Fetching by SHA is what protocol v2
  // allows for any reachable commit; it copies exactly the commit recorded in the event.
  async fetchCommit(targetDirectory: string, sourceDirectory: string, sha: string, targetRef: string | null): Promise<void> {
    // Forced: a pull request's head may have been rewritten since the last copy.
    const refspec = targetRef === null ? requireSha(sha) : `+${requireSha(sha)}:${targetRef}`;
    await this.git(targetDirectory, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', sourceDirectory, refspec]);
  }

  private async git(gitDirectory: string, args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<string> {
    return (await runGit(['--git-dir', gitDirectory, ...args], this.environment, options)).stdout.trim();
  }
}

function identity(role: 'AUTHOR' | 'COMMITTER', who: CommitIdentity): Record<string, string> {
  return { [`GIT_${role}_NAME`]: who.name, [`GIT_${role}_EMAIL`]: who.email, [`GIT_${role}_DATE`]: gitDate(who.date, who.utcOffset) };
}

interface ParsedCommit {
  readonly parents: readonly string[];
  readonly author: { readonly name: string; readonly email: string; readonly date: string };
  readonly message: string;
}

// A raw commit object: header lines, a blank line, the message as written.
function parseCommit(raw: string): ParsedCommit {
  const blank = raw.indexOf('\n\n');
  const headers = (blank < 0 ? raw : raw.slice(0, blank)).split('\n');
  const message = blank < 0 ? '' : raw.slice(blank + 2);
  const parents = headers.filter((line) => line.startsWith('parent ')).map((line) => line.slice('parent '.length));
  const authorLine = headers.find((line) => line.startsWith('author ')) ?? '';
  const match = /^author (.*) <([^>]*)> (\d+ [+-]\d{4})$/.exec(authorLine);
  if (!match) throw new Error(`unreadable author line: ${JSON.stringify(authorLine)}`);
  return { parents, author: { name: match[1]!, email: match[2]!, date: match[3]! }, message };
}
