import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { GitObject, GitObjectType } from '../../../application/shared/ports/gitStorage.port.js';
import { GitCommandError } from './gitCommand.js';

interface Pending {
  readonly resolve: (object: GitObject | null) => void;
  readonly reject: (error: unknown) => void;
}

// One long-lived `git cat-file --batch` on one repository: object names in on stdin, and per
// name a header ("<sha> <type> <size>" or "<name> missing") and the content out on stdout,
// in order. Reads cost a pipe round trip instead of two processes.
class CatFileBatch {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private failure: unknown;
  lastUsed = Date.now();

  constructor(gitDirectory: string, environment: Record<string, string>) {
    const args = ['--git-dir', gitDirectory, 'cat-file', '--batch'];
    this.child = spawn('git', args, { env: environment });
    this.child.stdout.on('data', (chunk: Buffer) => this.received(chunk));
    this.child.stderr.resume();
    const fail = (error: unknown) => {
      this.failure = error;
      for (const waiter of this.pending.splice(0)) waiter.reject(error);
    };
    this.child.on('error', fail);
    // A git error, naming its directory: one that ended because its repository was deleted is
    // told apart from a fault (failedInDeletedRepository).
    this.child.on('close', (code) => fail(new GitCommandError(args, code, 'git cat-file --batch ended')));
    this.child.stdin.on('error', () => undefined);
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  read(sha: string): Promise<GitObject | null> {
    this.lastUsed = Date.now();
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(`${sha}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }

  private received(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const newline = this.buffer.indexOf(10);
      if (newline < 0) return;
      const header = this.buffer.subarray(0, newline).toString('utf8').split(' ');
      if (header[1] === 'missing' || header.length < 3) {
        this.buffer = this.buffer.subarray(newline + 1);
        this.pending.shift()?.resolve(null);
        continue;
      }
      const size = Number(header[2]);
      if (this.buffer.length < newline + 1 + size + 1) return;
      const content = Buffer.from(this.buffer.subarray(newline + 1, newline + 1 + size));
      this.buffer = this.buffer.subarray(newline + 1 + size + 1);
      this.pending.shift()?.resolve({ type: header[1] as GitObjectType, content });
    }
  }
}

// A bounded set of cat-file processes, one per busy repository; the least recently used goes
// when the set is full, and any left idle is closed.
export class CatFilePool {
  private readonly batches = new Map<string, CatFileBatch>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly environment: Record<string, string>,
    private readonly maxProcesses = 16,
    private readonly idleMs = 10_000,
  ) {
    this.sweeper = setInterval(() => this.closeIdle(), Math.max(1_000, idleMs / 2));
    this.sweeper.unref();
  }

  read(gitDirectory: string, sha: string): Promise<GitObject | null> {
    let batch = this.batches.get(gitDirectory);
    if (!batch || !batch.alive) {
      if (this.batches.size >= this.maxProcesses) this.closeLeastRecentlyUsed();
      batch = new CatFileBatch(gitDirectory, this.environment);
      this.batches.set(gitDirectory, batch);
    }
    return batch.read(sha);
  }

  // A repository deleted or replaced: its process must not read the old directory.
  forget(gitDirectory: string): void {
    this.batches.get(gitDirectory)?.close();
    this.batches.delete(gitDirectory);
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const batch of this.batches.values()) batch.close();
    this.batches.clear();
  }

  private closeIdle(): void {
    const now = Date.now();
    for (const [directory, batch] of this.batches) {
      if (now - batch.lastUsed > this.idleMs) {
        batch.close();
        this.batches.delete(directory);
      }
    }
  }

  private closeLeastRecentlyUsed(): void {
    let oldest: [string, CatFileBatch] | undefined;
    for (const entry of this.batches) if (!oldest || entry[1].lastUsed < oldest[1].lastUsed) oldest = entry;
    if (oldest) this.forget(oldest[0]);
  }
}
