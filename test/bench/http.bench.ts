import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './benchRow.js';

const target = fileURLToPath(new URL('./httpTarget.js', import.meta.url));

export async function startTarget(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [target, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`benchmark target exited with ${code}`)));
  });
  return { child, port };
}

export function get(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers as Record<string, string> }));
    });
    req.on('error', reject);
    req.end();
  });
}

// Requests answered by autocannon over keep-alive connections in one timed run.
// `expected` 304 measures conditional polls (the request carries the headers given).
async function requestsAnswered(
  port: number,
  path: string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
  expected = 200,
): Promise<number> {
  const url = `http://127.0.0.1:${port}${path}`;
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const statuses = result as unknown as Record<string, number>;
  const answered = expected === 200 ? result['2xx'] : statuses['3xx'];
  if (result.errors > 0 || answered !== result.requests.total) throw new Error(`${result.errors} errors and unexpected statuses from ${url}`);
  return result.requests.total;
}

// The two servers are measured in alternating short rounds (the order swapped each round)
// rather than one long run each: on shared virtual CPUs the machine's speed drifts by tens
// of percent over a minute, and alternating puts that drift on both sides of the ratio.
// The ratio reported is the median of the rounds' ratios (each round's two runs back to
// back): a burst of another tenant's load lands in one or two rounds, and a median keeps it
// from moving the figure as it moves a ratio of sums. The rates are the runs' means.
export async function alternatingRates(
  ports: { baseline: number; value: number },
  path: string,
  rounds: number,
  secondsPerRound: number,
  connections: number,
  headers: Record<string, string> = {},
  expected = 200,
) {
  const requestsIn = (port: number, seconds: number) => requestsAnswered(port, path, seconds, connections, headers, expected);
  await requestsIn(ports.baseline, 1);
  await requestsIn(ports.value, 1);
  let baseline = 0;
  let value = 0;
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    let baselineRound: number;
    let valueRound: number;
    if (round % 2 === 0) {
      baselineRound = await requestsIn(ports.baseline, secondsPerRound);
      valueRound = await requestsIn(ports.value, secondsPerRound);
    } else {
      valueRound = await requestsIn(ports.value, secondsPerRound);
      baselineRound = await requestsIn(ports.baseline, secondsPerRound);
    }
    baseline += baselineRound;
    value += valueRound;
    ratios.push(valueRound / baselineRound);
  }
  const seconds = rounds * secondsPerRound;
  return { baseline: baseline / seconds, value: value / seconds, ratio: median(ratios) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function benchHttp(rounds = 6, secondsPerRound = 2, connections = 16): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'forgelog-bench-http-'));
  const forgelog = await startTarget(['forgelog', dataDir]);
  try {
    const agent = new Agent({ keepAlive: true });
    const sample = await get(agent, forgelog.port, '/users/octocat');
    agent.destroy();
    if (sample.status !== 200) throw new Error(`GET /users/octocat answered ${sample.status}`);
    const bodyFile = join(dataDir, 'body.json');
    const headers = { 'content-type': sample.headers['content-type']!, etag: sample.headers.etag! };
    await writeFile(bodyFile, JSON.stringify({ body: sample.body, headers }));
    const bare = await startTarget(['bare', bodyFile]);
    try {
      const { baseline, value, ratio } = await alternatingRates(
        { baseline: bare.port, value: forgelog.port },
        '/users/octocat',
        rounds,
        secondsPerRound,
        connections,
      );
      return [{ name: 'GET /users/{username}', value, unit: 'req/s', baselineName: 'bare node:http, same bytes', baseline, ratio, target: 0.4 }];
    } finally {
      bare.child.kill('SIGKILL');
    }
  } finally {
    forgelog.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.table(await benchHttp());
}
