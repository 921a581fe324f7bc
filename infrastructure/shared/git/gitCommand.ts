import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

// Where GitCliStorage builds new repositories before renaming them into place (under <dataDir>/git).
export const STAGING_DIRECTORY = '.staging';

const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args.join(' ')} exited with ${exitCode}: ${stderr.trim()}`);
    this.name = 'GitCommandError';
  }
}

export interface GitRunOptions {
  readonly input?: string | Buffer;
  readonly env?: Readonly<Record<string, string>>;
  // exit codes that are answers rather than faults (rev-parse --verify answers 1 for "absent")
  readonly allowExitCodes?: readonly number[];
}

export interface GitResult {
  readonly exitCode: number;
  readonly stdout: string;
}

// The git CLI without a shell: arguments go to the process as they are, never through a
// command line that could be reinterpreted. The environment is fixed so that no system or
// user configuration changes what git writes.
export function gitEnvironment(homeDirectory: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: homeDirectory,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
    ...extra,
  };
}

export function runGit(args: readonly string[], environment: Record<string, string>, options: GitRunOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { env: { ...environment, ...options.env }, encoding: 'buffer', maxBuffer: MAX_OUTPUT_BYTES, shell: false },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        if (exitCode !== null && (exitCode === 0 || options.allowExitCodes?.includes(exitCode))) {
          resolve({ exitCode, stdout: stdout.toString('utf8') });
        } else {
          reject(new GitCommandError(args, exitCode, stderr.toString('utf8') || String(error)));
        }
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

// The same, answering stdout as bytes (blob contents are not text).
export function runGitForBytes(
  args: readonly string[],
  environment: Record<string, string>,
  options: GitRunOptions = {},
): Promise<{ exitCode: number; stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { env: { ...environment, ...options.env }, encoding: 'buffer', maxBuffer: MAX_OUTPUT_BYTES, shell: false },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        if (exitCode !== null && (exitCode === 0 || options.allowExitCodes?.includes(exitCode))) resolve({ exitCode, stdout });
        else reject(new GitCommandError(args, exitCode, stderr.toString('utf8') || String(error)));
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

// Whether a git command failed because its repository's directory is gone: the repository was
// deleted while a request was writing to it (deletion renames the directory away in one step,
// so git finds no repository, or not the objects it had just written). Not a fault: the
// request answers as for a repository that is not there.
export async function failedInDeletedRepository(error: unknown): Promise<boolean> {
  if (!(error instanceof GitCommandError)) return false;
  const flag = error.args.findIndex((arg) => arg === '--git-dir' || arg === '-C');
  const directory = flag >= 0 ? error.args[flag + 1] : undefined;
  if (directory === undefined) return false;
  // A directory being built aside (GitCliStorage's staging, removed when the build gives up) is
  // no repository anyone deleted: its failure is a fault (a full disk), not a 404.
  if (basename(dirname(directory)) === STAGING_DIRECTORY) return false;
  try {
    return !(await stat(join(directory, 'HEAD'))).isFile();
  } catch {
    return true;
  }
}
