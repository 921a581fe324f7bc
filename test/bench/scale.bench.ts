import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { CreateUserHandler } from '../../application/accounts/createUser.handler.js';
import { IssueCommentsHandler } from '../../application/issues/issueComments.handler.js';
import { OpenIssueHandler } from '../../application/issues/openIssue.handler.js';
import { ReactionsHandler } from '../../application/issues/reactions.handler.js';
import { CreateRepositoryHandler } from '../../application/repositories/createRepository.handler.js';
import { StarRepositoryHandler } from '../../application/repositories/starRepository.handler.js';
import { systemContext } from '../../application/shared/commandContext.js';
import { loadConfig } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { EmbeddedEventStore } from '../../infrastructure/shared/eventStore/embeddedEventStore.js';
import type { BenchRow } from './benchRow.js';
import { runnerAloneRate } from './runnerAlone.js';

const CLIENTS = 16;
const target = fileURLToPath(new URL('./scaleTarget.js', import.meta.url));
const cli = fileURLToPath(new URL('../../interfaces/cli/main.js', import.meta.url));

interface SizeFigures {
  readonly issues: number;
  readonly creationPerSecond: number;
  readonly events: number;
  readonly replayEventsPerSecond: number;
  // The replay (every projection lane at the head), and the rest of the start: the process
  // managers' catch-up (their checkpoints are read models, rebuilt by the replay) and the heap
  // compaction, in seconds.
  readonly replaySeconds: number;
  readonly processesSeconds: number;
  readonly rawReplayEventsPerSecond: number;
  // The same lanes over the same log with every projection's apply a no-op (runnerAlone.ts).
  readonly runnerAloneEventsPerSecond: number;
  // RSS once started, and once nothing is due in the process managers either (the figure the
  // extrapolation uses); the V8 heap in use at the second moment.
  readonly replayRssMegabytes: number;
  readonly rssMegabytes: number;
  readonly heapUsedMegabytes: number;
  readonly pagePerSecond: number;
  readonly singlePerSecond: number;
  // `forgelog rebuild` of every projection, the server stopped: the command's whole run.
  readonly rebuildSeconds: number;
}

function must<T>(outcome: { _tag: 'Left'; left: unknown } | { _tag: 'Right'; right: T }): T {
  if (outcome._tag === 'Left') throw new Error(`bench setup failed: ${JSON.stringify(outcome.left)}`);
  return outcome.right;
}

// A repository with `issues` issues, built through the application layer by 16 concurrent
// clients: every 10th issue has a comment, every 20th the label "bug", every 25th a reaction;
// 16 users star the repository. Answers the creation rate over the last issues created.
export async function build(dataDir: string, issues: number): Promise<number> {
  const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir }), { role: 'serve', logger: pino({ level: 'silent' }) });
  await runtime.start();
  const { container } = runtime;
  const context = () => systemContext(new Date());
  const users: number[] = [];
  for (let i = 0; i < CLIENTS; i++) users.push(must(await container.get(CreateUserHandler).execute({ login: `client-${i}`, email: null }, context())).userId);
  const owner = { userId: users[0]!, siteAdmin: false };
  const { repositoryId } = must(
    await container.get(CreateRepositoryHandler).execute(owner, { organizationLogin: null, name: 'big', autoInit: false }, context()),
  );
  for (const userId of users) must(await container.get(StarRepositoryHandler).execute({ userId, siteAdmin: false }, repositoryId, true, context()));
  const open = container.get(OpenIssueHandler);
  const comments = container.get(IssueCommentsHandler);
  const reactions = container.get(ReactionsHandler);
  let next = 0;
  const measuredFrom = Math.max(0, issues - 2_000);
  let measuredStart = 0;
  const client = async (index: number) => {
    const caller = { userId: users[index]!, siteAdmin: false };
    const ownerCaller = owner;
    for (;;) {
      const n = next++;
      if (n >= issues) return;
      if (n === measuredFrom) measuredStart = performance.now();
      const { number } = must(
        await open.execute(
          n % 20 === 0 ? ownerCaller : caller,
          repositoryId,
          { title: `Issue ${n}`, body: `Body of issue ${n}`, ...(n % 20 === 0 ? { labels: ['bug'] } : {}) },
          context(),
        ),
      );
      if (n % 10 === 0) must(await comments.create(caller, repositoryId, number, `A comment on ${n}`, context()));
      if (n % 25 === 0) must(await reactions.add(caller, repositoryId, { type: 'issue', number }, '+1', context()));
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  const rate = (issues - measuredFrom) / ((performance.now() - measuredStart) / 1000);
  await runtime.close();
  // No snapshot: the target replays the whole log.
  await rm(join(dataDir, 'snapshots'), { recursive: true, force: true });
  return rate;
}

export async function rawReplayRate(dataDir: string): Promise<number> {
  const store = await EmbeddedEventStore.openReadOnly(join(dataDir, 'events'));
  const started = performance.now();
  let count = 0;
  for await (const event of store.readAll()) if (event.position >= 0) count++;
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return count / seconds;
}

async function rate(port: number, path: string): Promise<number> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CLIENTS, duration: 3 });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx from ${path}`);
  return result.requests.total / 3;
}

// forgelog rebuild as a user runs it (the server stopped): the process's wall time, its
// start and the snapshot it writes at the end included.
async function rebuildSeconds(dataDir: string): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const env = { ...process.env, FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' };
    const child = spawn(process.execPath, [cli, 'rebuild'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`forgelog rebuild exited with ${code}: ${stderr.slice(-2000)}`))));
  });
  return (performance.now() - started) / 1000;
}

async function measure(issues: number): Promise<SizeFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'forgelog-bench-scale-'));
  try {
    console.error(`  building ${issues.toLocaleString('en-US')} issues...`);
    const creationPerSecond = await build(dataDir, issues);
    const rawReplayEventsPerSecond = await rawReplayRate(dataDir);
    const runnerAloneEventsPerSecond = await runnerAloneRate(dataDir);
    const child = spawn(process.execPath, ['--expose-gc', target, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const report = await new Promise<{
      port: number;
      replayMs: number;
      processesMs: number;
      events: number;
      replayRssBytes: number;
      rssBytes: number;
      heapUsedBytes: number;
    }>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        const line = output.split('\n').find((candidate) => candidate.startsWith('{"port"'));
        if (line) resolve(JSON.parse(line));
      });
      child.once('exit', (code) => reject(new Error(`scale target exited with ${code}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let pagePerSecond: number;
    let singlePerSecond: number;
    try {
      pagePerSecond = await rate(report.port, '/repos/client-0/big/issues?per_page=100');
      singlePerSecond = await rate(report.port, `/repos/client-0/big/issues/${Math.ceil(issues / 2)}`);
    } finally {
      // Gone before anything else touches the data directory (it holds the log's lock).
      child.kill('SIGTERM');
      await exited;
    }
    // No snapshot (the server was not closed to write one, and none is left): the rebuild starts from nothing.
    await rm(join(dataDir, 'snapshots'), { recursive: true, force: true });
    console.error(`  forgelog rebuild of ${report.events.toLocaleString('en-US')} events...`);
    const rebuilt = await rebuildSeconds(dataDir);
    return {
      issues,
      creationPerSecond,
      events: report.events,
      replayEventsPerSecond: report.events / (report.replayMs / 1000),
      replaySeconds: report.replayMs / 1000,
      processesSeconds: report.processesMs / 1000,
      rawReplayEventsPerSecond,
      runnerAloneEventsPerSecond,
      replayRssMegabytes: report.replayRssBytes / 1024 / 1024,
      rssMegabytes: report.rssBytes / 1024 / 1024,
      heapUsedMegabytes: report.heapUsedBytes / 1024 / 1024,
      pagePerSecond,
      singlePerSecond,
      rebuildSeconds: rebuilt,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

// FORGELOG_BENCH_SCALE: the repository sizes, smallest first (default 1,000, 10,000, 100,000).
export async function benchScale(): Promise<BenchRow[]> {
  const sizes = (process.env.FORGELOG_BENCH_SCALE ?? '1000,10000,100000').split(',').map(Number);
  const figures: SizeFigures[] = [];
  for (const size of sizes) figures.push(await measure(size));
  const smallest = figures[0]!;
  const rows: BenchRow[] = [];
  for (const size of figures) {
    const label = `${size.issues.toLocaleString('en-US')} issues`;
    const base = `${smallest.issues.toLocaleString('en-US')} issues`;
    rows.push(
      {
        name: `${label}: issue creation, ${CLIENTS} clients`,
        value: size.creationPerSecond,
        unit: 'issues/s',
        baselineName: base,
        baseline: smallest.creationPerSecond,
        ratio: size.creationPerSecond / smallest.creationPerSecond,
        target: 0.67,
      },
      {
        name: `${label}: GET .../issues?per_page=100`,
        value: size.pagePerSecond,
        unit: 'req/s',
        baselineName: base,
        baseline: smallest.pagePerSecond,
        ratio: size.pagePerSecond / smallest.pagePerSecond,
        target: 0.67,
      },
      {
        name: `${label}: GET .../issues/{number}`,
        value: size.singlePerSecond,
        unit: 'req/s',
        baselineName: base,
        baseline: smallest.singlePerSecond,
        ratio: size.singlePerSecond / smallest.singlePerSecond,
        target: 0.67,
      },
      {
        name: `${label}: full replay through every projection (${size.events.toLocaleString('en-US')} events)`,
        value: size.replayEventsPerSecond,
        unit: 'events/s',
        baselineName: 'raw log replay, same log',
        baseline: size.rawReplayEventsPerSecond,
        ratio: size.replayEventsPerSecond / size.rawReplayEventsPerSecond,
        target: 0.2,
      },
      {
        name: `${label}: the runner alone, every projection's apply a no-op (the replay's ceiling)`,
        value: size.runnerAloneEventsPerSecond,
        unit: 'events/s',
        baselineName: 'raw log replay, same log',
        baseline: size.rawReplayEventsPerSecond,
        ratio: size.runnerAloneEventsPerSecond / size.rawReplayEventsPerSecond,
      },
      {
        name: `${label}: forgelog rebuild of every projection, the whole command (${size.events.toLocaleString('en-US')} events)`,
        value: size.events / size.rebuildSeconds,
        unit: 'events/s',
        baselineName: 'raw log replay, same log',
        baseline: size.rawReplayEventsPerSecond,
        ratio: size.events / size.rebuildSeconds / size.rawReplayEventsPerSecond,
      },
      {
        name: `${label}: the start after the replay: process managers' catch-up and heap compaction`,
        value: size.processesSeconds,
        unit: 's',
        baselineName: 'the replay',
        baseline: size.replaySeconds,
        ratio: size.processesSeconds / size.replaySeconds,
      },
      {
        name: `${label}: replay rate against the smallest size`,
        value: size.replayEventsPerSecond,
        unit: 'events/s',
        baselineName: base,
        baseline: smallest.replayEventsPerSecond,
        ratio: size.replayEventsPerSecond / smallest.replayEventsPerSecond,
        target: 0.67,
      },
      {
        name: `${label}: RSS once started (compacted)`,
        value: size.replayRssMegabytes,
        unit: 'MB',
        baselineName: base,
        baseline: smallest.replayRssMegabytes,
        ratio: smallest.replayRssMegabytes / size.replayRssMegabytes,
      },
      {
        name: `${label}: RSS once the process managers settled too`,
        value: size.rssMegabytes,
        unit: 'MB',
        baselineName: base,
        baseline: smallest.rssMegabytes,
        ratio: smallest.rssMegabytes / size.rssMegabytes,
      },
      {
        name: `${label}: V8 heap in use then`,
        value: size.heapUsedMegabytes,
        unit: 'MB',
        baselineName: base,
        baseline: smallest.heapUsedMegabytes,
        ratio: smallest.heapUsedMegabytes / size.heapUsedMegabytes,
      },
    );
  }
  const largest = figures[figures.length - 1]!;
  const perEventBytes = ((largest.rssMegabytes - smallest.rssMegabytes) * 1024 * 1024) / Math.max(1, largest.events - smallest.events);
  // The largest size's rebuild, plus the events beyond it at the time each event added between
  // the smallest size and the largest (the command's fixed cost, its start, counted once).
  // With one size only, its own rate (the fixed cost then counted for every event).
  const rebuildPerEvent =
    figures.length > 1 ? (largest.rebuildSeconds - smallest.rebuildSeconds) / (largest.events - smallest.events) : largest.rebuildSeconds / largest.events;
  const millionSeconds = largest.rebuildSeconds + rebuildPerEvent * (1_000_000 - largest.events);
  rows.push({
    name: 'forgelog rebuild of 1,000,000 events, extrapolated from the sizes measured (linear, as the rows above show)',
    value: millionSeconds,
    unit: 's',
    baselineName: '1,000,000 events at the raw log replay rate',
    baseline: 1_000_000 / largest.rawReplayEventsPerSecond,
    ratio: 1_000_000 / largest.rawReplayEventsPerSecond / millionSeconds,
  });
  const millionMegabytes = smallest.rssMegabytes + (perEventBytes * (1_000_000 - smallest.events)) / 1024 / 1024;
  rows.push({
    name: 'RSS at 1,000,000 events, extrapolated (per-event growth between the sizes, once everything caught up)',
    value: millionMegabytes,
    unit: 'MB',
    baselineName: 'goal',
    baseline: 1536,
    ratio: 1536 / millionMegabytes,
    target: 1,
  });
  return rows;
}

export const benchScaleBuild = build;
