import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const cliMain = fileURLToPath(new URL('../../interfaces/cli/main.js', import.meta.url));

export interface ServingProcess {
  readonly child: ChildProcess;
  readonly url: string;
  // everything the process wrote on stdout and stderr so far
  output(): string;
  // SIGTERM, then its exit code
  stop(): Promise<number | null>;
}

// `forgelog serve` as a supervisor runs it, on an ephemeral port: answers once it says where
// it serves (polled with a deadline).
export async function startServingProcess(env: Record<string, string>): Promise<ServingProcess> {
  const child = spawn(process.execPath, [cliMain, 'serve'], {
    env: { PATH: process.env.PATH ?? '', FORGELOG_PORT: '0', FORGELOG_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const deadline = Date.now() + 50_000;
  const serving = () => /"url":"(http:[^"]+)"/.exec(output);
  while (!serving() && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const match = serving();
  if (!match) child.kill('SIGKILL');
  expect(match, `the server did not say where it serves:\n${output}`).not.to.equal(null);
  return {
    child,
    url: match![1]!,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
