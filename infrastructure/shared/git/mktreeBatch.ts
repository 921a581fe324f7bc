import { spawn } from 'node:child_process';
import type { GitTreeEntry } from '../../../application/shared/ports/gitStorage.port.js';
import { GitCommandError } from './gitCommand.js';

const SHA = /^[0-9a-f]{40}$/;
const TREE_MODES: ReadonlySet<string> = new Set(['100644', '100755', '040000', '160000', '120000']);

// One level of a tree as `git mktree -z` reads it (each entry ends with NUL).
export function mktreeInput(entries: readonly GitTreeEntry[]): string {
  return entries
    .map((entry) => {
      if (!TREE_MODES.has(entry.mode) || entry.path.includes('/') || entry.path === '' || entry.path.includes('\0') || !SHA.test(entry.sha))
        throw new Error(`not a tree entry: ${JSON.stringify(entry)}`);
      return `${entry.mode} ${entry.type} ${entry.sha}\t${entry.path}\0`;
    })
    .join('');
}

// Many trees through one `git mktree -z --batch --missing`: an empty record ends each tree,
// and git answers (and flushes) its SHA before reading the next, so a parent can name the
// trees written before it. One process for a whole new tree rather than one per directory:
// thousands of directories cost a process each, minutes in all.
export async function withMktreeBatch<T>(
  gitDirectory: string,
  environment: Record<string, string>,
  use: (writeTree: (entries: readonly GitTreeEntry[]) => Promise<string>) => Promise<T>,
): Promise<T> {
  const args = ['--git-dir', gitDirectory, 'mktree', '-z', '--batch', '--missing'];
  const child = spawn('git', args, { env: environment, stdio: ['pipe', 'pipe', 'pipe'], shell: false });
  const waiting: { resolve: (sha: string) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | null = null;
  let stdout = '';
  let stderr = '';
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    let newline: number;
    while ((newline = stdout.indexOf('\n')) >= 0) {
      const sha = stdout.slice(0, newline).trim();
      stdout = stdout.slice(newline + 1);
      const waiter = waiting.shift();
      if (!waiter) continue;
      if (SHA.test(sha)) waiter.resolve(sha);
      else waiter.reject(new Error(`git mktree answered ${JSON.stringify(sha)}`));
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      fail(error);
      resolve(null);
    });
    child.once('close', (code) => {
      if (code !== 0 || waiting.length > 0) fail(new GitCommandError(args, code, stderr || 'git mktree ended before answering'));
      resolve(code);
    });
  });
  child.stdin.on('error', () => {});
  const writeTree = (entries: readonly GitTreeEntry[]): Promise<string> => {
    if (failure) return Promise.reject(failure);
    const input = `${mktreeInput(entries)}\0`;
    return new Promise<string>((resolve, reject) => {
      waiting.push({ resolve, reject });
      child.stdin.write(input);
    });
  };
  try {
    return await use(writeTree);
  } finally {
    child.stdin.end();
    await exited;
  }
}
