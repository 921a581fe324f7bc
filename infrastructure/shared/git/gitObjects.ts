import type { CommitIdentity, CommitsAdded, GitObject, GitTreeEntry, NewTag } from '../../../application/shared/ports/gitStorage.port.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatFilePool } from './catFileBatch.js';
import { GitCommandError, runGit, runGitForBytes } from './gitCommand.js';
import { mktreeInput, withMktreeBatch } from './mktreeBatch.js';

const SHA = /^[0-9a-f]{40}$/;
const OBJECT_TYPES: ReadonlySet<string> = new Set(['blob', 'tree', 'commit', 'tag']);

function requireSha(sha: string): string {
  if (!SHA.test(sha)) throw new Error(`not an object name: ${JSON.stringify(sha)}`);
  return sha;
}

// Seconds since the epoch and an offset: what git writes in objects.
function gitTimestamp(date: Date, utcOffset = '+0000'): string {
  return `${Math.floor(date.getTime() / 1000)} ${utcOffset}`;
}

// Git Data's object plumbing on a bare repository; every argument passes as it is (no shell).
export class GitObjects {
  private readonly pool: CatFilePool;

  constructor(private readonly environment: Record<string, string>) {
    this.pool = new CatFilePool(environment);
  }

  async writeBlob(gitDirectory: string, content: Uint8Array): Promise<string> {
    const result = await runGit(['--git-dir', gitDirectory, 'hash-object', '-w', '--stdin', '-t', 'blob'], this.environment, { input: Buffer.from(content) });
    return requireSha(result.stdout.trim());
  }

  // git's own verdicts on files a tree names .gitmodules or .gitattributes: each blob under that
  // name in a tree of its own, all in one scratch repository checked once by fsck --strict (its
  // errors are what receive.fsckObjects refuses in a push; warnings, an unparsable
  // .gitmodules, are not). A few processes for any number of files: a scratch repository each
  // cost four processes per file.
  async fsckFileProblems(files: readonly { readonly name: '.gitmodules' | '.gitattributes'; readonly content: Uint8Array }[]): Promise<(string | null)[]> {
    if (files.length === 0) return [];
    const scratch = await mkdtemp(join(tmpdir(), 'forgelog-fsck-file-'));
    try {
      await runGit(['init', '--quiet', '--bare', scratch], this.environment);
      const blobs = await this.writeBlobs(
        scratch,
        files.map((file) => file.content),
      );
      await withMktreeBatch(scratch, this.environment, async (writeTree) => {
        for (const [i, file] of files.entries()) await writeTree([{ mode: '100644', type: 'blob', sha: blobs[i]!, path: file.name }]);
      });
      // fsck names the blob and, by its message id (gitmodulesUrl, gitattributesLineLength),
      // which of the two files it read it as.
      const found = new Map<string, string>();
      try {
        await runGit(['--git-dir', scratch, 'fsck', '--strict', '--no-dangling', '--no-progress'], this.environment);
      } catch (error) {
        if (!(error instanceof GitCommandError)) throw error;
        for (const [, sha, problem] of error.stderr.matchAll(/^error in blob ([0-9a-f]+): (.+)$/gm)) {
          const name = problem!.startsWith('gitmodules') ? '.gitmodules' : problem!.startsWith('gitattributes') ? '.gitattributes' : null;
          if (name !== null && !found.has(`${name} ${sha}`)) found.set(`${name} ${sha}`, problem!);
        }
        if (found.size === 0) throw error;
      }
      return files.map((file, i) => found.get(`${file.name} ${blobs[i]}`) ?? null);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  // Many blobs in one `git fast-import` (one process, one pack) instead of one process each;
  // their names come back through the marks it exports.
  async writeBlobs(gitDirectory: string, contents: readonly Uint8Array[]): Promise<string[]> {
    if (contents.length === 0) return [];
    const marks = await mkdtemp(join(tmpdir(), 'forgelog-marks-'));
    try {
      const parts: Buffer[] = [];
      contents.forEach((content, i) => parts.push(Buffer.from(`blob\nmark :${i + 1}\ndata ${content.length}\n`), Buffer.from(content), Buffer.from('\n')));
      const marksFile = join(marks, 'marks');
      await runGit(['--git-dir', gitDirectory, 'fast-import', '--quiet', `--export-marks=${marksFile}`], this.environment, { input: Buffer.concat(parts) });
      const names = new Map<number, string>();
      for (const line of (await readFile(marksFile, 'utf8')).split('\n')) {
        const [mark, sha] = line.split(' ');
        if (mark && sha) names.set(Number(mark.slice(1)), requireSha(sha));
      }
      return contents.map((_, i) => names.get(i + 1)!);
    } finally {
      await rm(marks, { recursive: true, force: true });
    }
  }

  // Through the repository's long-lived `cat-file --batch` (catFileBatch.ts).
  async readObject(gitDirectory: string, sha: string): Promise<GitObject | null> {
    if (!SHA.test(sha)) return null;
    const object = await this.pool.read(gitDirectory, sha);
    return object && OBJECT_TYPES.has(object.type) ? object : null;
  }

  forget(gitDirectory: string): void {
    this.pool.forget(gitDirectory);
  }

  close(): void {
    this.pool.close();
  }

  async writeTree(gitDirectory: string, entries: readonly GitTreeEntry[]): Promise<string> {
    const result = await runGit(['--git-dir', gitDirectory, 'mktree', '-z', '--missing'], this.environment, { input: mktreeInput(entries) });
    return requireSha(result.stdout.trim());
  }

  writeTrees<T>(gitDirectory: string, use: (writeTree: (entries: readonly GitTreeEntry[]) => Promise<string>) => Promise<T>): Promise<T> {
    return withMktreeBatch(gitDirectory, this.environment, use);
  }

  async readTree(gitDirectory: string, sha: string, recursive: boolean): Promise<GitTreeEntry[] | null> {
    if (!SHA.test(sha) || (await this.readObject(gitDirectory, sha))?.type !== 'tree') return null;
    const args = ['--git-dir', gitDirectory, 'ls-tree', '-l', '-z', ...(recursive ? ['-r', '-t'] : []), sha];
    const result = await runGitForBytes(args, this.environment);
    const entries: GitTreeEntry[] = [];
    for (const record of result.stdout.toString('utf8').split('\0')) {
      if (record === '') continue;
      const tab = record.indexOf('\t');
      const [mode, type, objectSha, size] = record.slice(0, tab).split(/ +/) as [string, GitTreeEntry['type'], string, string];
      entries.push({ mode, type, sha: objectSha, path: record.slice(tab + 1), ...(type === 'blob' ? { size: Number(size) } : {}) });
    }
    return entries;
  }

  async writeTag(gitDirectory: string, tag: NewTag): Promise<string> {
    const text = `object ${requireSha(tag.object)}\ntype ${tag.type}\ntag ${tag.tag}\ntagger ${identityLine(tag.tagger)}\n\n${tag.message}`;
    const result = await runGit(['--git-dir', gitDirectory, 'mktag'], this.environment, { input: text });
    return requireSha(result.stdout.trim());
  }

  async commitsAdded(gitDirectory: string, from: string | null, to: string, max: number): Promise<CommitsAdded> {
    const range = [requireSha(to), ...(from === null ? ['--not', '--all'] : [`^${requireSha(from)}`])];
    const total = Number((await runGit(['--git-dir', gitDirectory, 'rev-list', '--count', ...range], this.environment)).stdout.trim());
    const listed = await runGitForBytes(
      ['--git-dir', gitDirectory, 'log', `--max-count=${max}`, '--format=%H%x00%an%x00%ae%x00%B%x01', ...range],
      this.environment,
    );
    const commits = listed.stdout
      .toString('utf8')
      .split('\x01')
      .map((record) => record.replace(/^\n/, ''))
      .filter((record) => record !== '')
      .map((record) => {
        const [sha, name, email, message] = record.split('\0') as [string, string, string, string];
        return { sha, message: message.replace(/\n$/, ''), author: { name, email } };
      })
      .reverse();
    return { total, commits };
  }

  async deleteRef(gitDirectory: string, refName: string, expectedOldSha: string): Promise<boolean> {
    try {
      await runGit(['--git-dir', gitDirectory, 'update-ref', '-d', refName, requireSha(expectedOldSha)], this.environment);
      return true;
    } catch (error) {
      if (error instanceof GitCommandError) return false;
      throw error;
    }
  }
}

export function identityLine(who: CommitIdentity): string {
  return `${who.name} <${who.email}> ${gitTimestamp(who.date, who.utcOffset)}`;
}
