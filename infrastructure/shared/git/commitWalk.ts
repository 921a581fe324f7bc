import { spawn } from 'node:child_process';
import type { CommitRecord } from '../../../application/shared/ports/gitStorage.port.js';
import { GitCommandError, runGit } from './gitCommand.js';

const SHA = /^[0-9a-f]{40}$/;

function requireShas(shas: readonly string[]): readonly string[] {
  for (const sha of shas) if (!SHA.test(sha)) throw new Error(`not an object name: ${JSON.stringify(sha)}`);
  return shas;
}

// include ^exclude..., as rev-list and log read them (names only: never an option).
function rangeOf(include: readonly string[], exclude: readonly string[]): string[] {
  return [...requireShas(include), ...requireShas(exclude).map((sha) => `^${sha}`)];
}

// Nine header lines (names and emails hold no newline in git), then the raw message; records
// end with NUL (-z). Dates as strict ISO 8601 with the commit's own offset, as GitHub's
// commit search shows them. No mailmap: the index holds what the objects say.
const FORMAT = ['%H', '%P', '%T', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%n');

function recordOf(text: string): CommitRecord | null {
  const fields = text.split('\n');
  if (fields.length < 10 || !SHA.test(fields[0]!)) return null;
  const [sha, parents, tree, authorName, authorEmail, authorDate, committerName, committerEmail, committerDate] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    sha,
    parents: parents === '' ? [] : parents.split(' '),
    tree,
    author: { name: authorName, email: authorEmail, date: authorDate },
    committer: { name: committerName, email: committerEmail, date: committerDate },
    message: fields.slice(9).join('\n'),
  };
}

// Every commit of `include ^exclude`, newest first, in batches: one `git log` for the whole
// walk, read as it streams (a long history is never held whole).
export async function* walkCommits(
  gitDirectory: string,
  environment: Record<string, string>,
  include: readonly string[],
  exclude: readonly string[],
  batchSize: number,
): AsyncGenerator<readonly CommitRecord[]> {
  if (include.length === 0) return;
  const args = ['--git-dir', gitDirectory, 'log', '--no-use-mailmap', '--no-show-signature', '-z', `--format=${FORMAT}`, ...rangeOf(include, exclude), '--'];
  const child = spawn('git', args, { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let pending = '';
  let batch: CommitRecord[] = [];
  try {
    child.stdout.setEncoding('utf8');
    for await (const chunk of child.stdout as AsyncIterable<string>) {
      pending += chunk;
      const records = pending.split('\0');
      pending = records.pop()!;
      for (const text of records) {
        const record = recordOf(text);
        if (record !== null) batch.push(record);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    const code = await exited;
    if (code !== 0) throw new GitCommandError(args, code, Buffer.concat(stderr).toString('utf8'));
    const last = recordOf(pending);
    if (last !== null) batch.push(last);
    if (batch.length > 0) yield batch;
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

// The names of `include ^exclude` (what a force push left unreachable).
export async function revList(
  gitDirectory: string,
  environment: Record<string, string>,
  include: readonly string[],
  exclude: readonly string[],
): Promise<string[]> {
  if (include.length === 0) return [];
  const result = await runGit(['--git-dir', gitDirectory, 'rev-list', ...rangeOf(include, exclude), '--'], environment);
  return result.stdout.split('\n').filter((line) => SHA.test(line));
}
