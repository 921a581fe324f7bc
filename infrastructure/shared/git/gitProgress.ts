import { spawn } from 'node:child_process';

export interface ToolRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly aborted: boolean;
}

export interface ToolRunOptions {
  readonly cwd?: string;
  readonly env: Record<string, string>;
  readonly input?: string;
  readonly signal?: AbortSignal;
  // Each line of standard error as it comes (git's progress lines end in \r, not \n).
  readonly onStderrLine?: (line: string) => void;
  // Each line of standard output as it comes (git svn reports each revision there).
  readonly onStdoutLine?: (line: string) => void;
}

const KEPT_STDERR = 64 * 1024;

// A long-running tool (git clone, git svn, filter-repo): no shell, its progress read as it
// comes, killed when the signal aborts. Never rejects for the tool's own failure: the exit
// code and the end of its standard error are the answer.
export function runTool(command: string, args: readonly string[], options: ToolRunOptions): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return resolve({ exitCode: null, stdout: '', stderr: '', aborted: true });
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const stdout: Buffer[] = [];
    let stderr = '';
    let partial = '';
    let aborted = false;
    const abort = () => {
      aborted = true;
      // The whole group: git starts helpers (remote-https, svn) that must go too.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    options.signal?.addEventListener('abort', abort, { once: true });
    let partialOut = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.push(chunk);
      if (!options.onStdoutLine) return;
      partialOut += chunk.toString('utf8');
      const lines = partialOut.split('\n');
      partialOut = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr = (stderr + text).slice(-KEPT_STDERR);
      partial += text;
      const lines = partial.split(/[\r\n]/);
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.length > 0) options.onStderrLine?.(line);
    });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') resolve({ exitCode: 127, stdout: '', stderr: `${command}: not installed`, aborted });
      else reject(error);
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      resolve({ exitCode: code, stdout: Buffer.concat(stdout).toString('utf8'), stderr, aborted });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

// git's "Receiving objects:  45% (450/1000)" and the like.
export function progressPercent(line: string, phase: RegExp): number | null {
  const match = phase.exec(line);
  if (!match) return null;
  const percent = /(\d{1,3})%/.exec(line.slice(match.index));
  return percent ? Number(percent[1]) : null;
}
