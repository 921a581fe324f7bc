import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { CreateUserHandler } from '../../application/accounts/createUser.handler.js';
import { OpenIssueHandler } from '../../application/issues/openIssue.handler.js';
import { CreateRepositoryHandler } from '../../application/repositories/createRepository.handler.js';
import { SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import { systemContext } from '../../application/shared/commandContext.js';
import { loadConfig } from '../../infrastructure/shared/config/config.js';
import { openRuntime, type Runtime } from '../../infrastructure/shared/container/runtime.js';
import { startHttpServer } from '../../interfaces/http/server.js';
import type { BenchRow } from './benchRow.js';
import { rawReplayRate } from './scale.bench.js';
import { codeSearchBeside } from './searchCode.bench.js';

const CLIENTS = 16;
const P99_TARGET_MS = 50;
const REQUESTS_PER_QUERY = 60;

const WORDS: string[] = [
  'rocket',
  'garden',
  'parser',
  'engine',
  'cache',
  'widget',
  'kernel',
  'socket',
  'matrix',
  'vector',
  'render',
  'plugin',
  'driver',
  'shader',
  'router',
  'stream',
];
// A vocabulary of some four hundred words, so a word is in a few percent of the issues as in
// real text (with sixteen, every word was in half of them); a few template words ("the",
// "fails", "when", "runs") are in every issue, as common words are.
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo'];
for (const first of SYLLABLES) for (const second of SYLLABLES) for (const third of SYLLABLES.slice(0, 6)) WORDS.push(first + second + third);
const word = (n: number) => WORDS[n % WORDS.length]!;
const phrase = (n: number) => `${word(n)} ${word(n * 7 + 3)} ${word(n * 13 + 5)}`;

function must<T>(outcome: { _tag: 'Left'; left: unknown } | { _tag: 'Right'; right: T }): T {
  if (outcome._tag === 'Left') throw new Error(`bench setup failed: ${JSON.stringify(outcome.left)}`);
  return outcome.right;
}

async function inParallel(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let index = next++; index < count; index = next++) await work(index);
    }),
  );
}

interface Corpus {
  readonly users: number;
  readonly repositories: number;
  readonly issues: number;
}

// Users, repositories (one in ten private) and issues through the application layer, as the
// API would make them; the search projections index them as they go.
export async function build(runtime: Runtime, corpus: Corpus): Promise<void> {
  const { container } = runtime;
  const context = () => systemContext(new Date());
  const users: number[] = [];
  await inParallel(corpus.users, async (i) => {
    users[i] = must(
      await container.get(CreateUserHandler).execute({ login: `user-${i}`, email: `user-${i}@example.com`, name: `User ${phrase(i)}` }, context()),
    ).userId;
  });
  const repositories: number[] = [];
  await inParallel(corpus.repositories, async (i) => {
    const caller = { userId: users[i % users.length]!, siteAdmin: false };
    const input = { organizationLogin: null, name: `${word(i)}-${i}`, description: `A ${phrase(i)} project`, private: i % 10 === 0, autoInit: i % 10 === 1 };
    repositories[i] = must(await container.get(CreateRepositoryHandler).execute(caller, input, context())).repositoryId;
  });
  await inParallel(corpus.issues, async (i) => {
    const r = i % repositories.length;
    const caller = { userId: users[r % users.length]!, siteAdmin: false };
    must(
      await container
        .get(OpenIssueHandler)
        .execute(caller, repositories[r]!, { title: `The ${phrase(i)} fails`, body: `When the ${phrase(i + 1)} runs, ${phrase(i + 2)}.` }, context()),
    );
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ACCEPT = 'application/vnd.github.v3+json, application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json';

async function latencies(url: string, paths: readonly string[]): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (const path of paths) {
    for (let i = 0; i < REQUESTS_PER_QUERY; i++) {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { headers: { accept: ACCEPT } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const QUERIES: Readonly<Record<string, readonly string[]>> = {
  repositories: [
    '/search/repositories?q=rocket+engine',
    '/search/repositories?q=parser&sort=stars',
    '/search/repositories?q=user:user-7',
    '/search/repositories?q=created:>2000-01-01&sort=updated',
  ],
  issues: [
    '/search/issues?q=rocket+fails',
    '/search/issues?q=parser+is:open&sort=created',
    '/search/issues?q=repo:user-3/engine-3',
    '/search/issues?q=author:user-5+kernel',
  ],
  // Words in every one of the 100,000 issues: the broadest query there is, reported apart.
  'issues, words every issue holds': ['/search/issues?q=fails+when+runs'],
  users: ['/search/users?q=rocket', '/search/users?q=user-42+in:login', '/search/users?q=type:user&sort=joined'],
  commits: ['/search/commits?q=initial', '/search/commits?q=initial+user:user-11&sort=author-date'],
  labels: ['/search/labels?repository_id=REPOSITORY&q=bug', '/search/labels?repository_id=REPOSITORY&q=help+wanted&sort=created'],
  topics: ['/search/topics?q=rocket'],
};

// FORGELOG_BENCH_SEARCH: users,repositories,issues (default 10000,10000,100000).
export async function benchSearch(): Promise<BenchRow[]> {
  const [users, repositories, issues] = (process.env.FORGELOG_BENCH_SEARCH ?? '10000,10000,100000').split(',').map(Number) as [number, number, number];
  const dataDir = await mkdtemp(join(tmpdir(), 'forgelog-bench-search-'));
  const rows: BenchRow[] = [];
  try {
    const config = loadConfig({ FORGELOG_DATA_DIR: dataDir, FORGELOG_RATE_LIMITS: 'off', FORGELOG_PORT: '0', FORGELOG_HOST: '127.0.0.1' });
    const runtime = await openRuntime(config, { role: 'serve', logger: pino({ level: 'silent' }) });
    await runtime.start();
    console.error(`  building ${users} users, ${repositories} repositories, ${issues} issues...`);
    await build(runtime, { users, repositories, issues });
    await runtime.runner.waitForAll(await runtime.adapters.eventStore.headPosition(), 3600_000);
    const search = runtime.adapters.search;
    let documents = 0;
    for (const index of Object.values(SEARCH_INDEXES)) if ((await search.listIndexes()).includes(index)) documents += await search.count(index);

    // Indexing: every search projection rebuilt from the log, beside reading the log alone.
    const projections = runtime.runner
      .statuses()
      .filter((status) => status.name.startsWith('search-'))
      .map((status) => status.name);
    const started = performance.now();
    await runtime.runner.rebuild(projections);
    const indexingPerSecond = documents / ((performance.now() - started) / 1000);
    const rawEventsPerSecond = await rawReplayRate(dataDir);
    rows.push({
      name: `search indexing: ${documents.toLocaleString('en-US')} documents rebuilt from the log`,
      value: indexingPerSecond,
      unit: 'docs/s',
      baselineName: 'raw log replay, same log (events/s)',
      baseline: rawEventsPerSecond,
      ratio: indexingPerSecond / rawEventsPerSecond,
    });

    const http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
    try {
      const labelled = (await (await fetch(`${http.url}/repos/user-1/${word(1)}-1`)).json()) as { id: number };
      for (const [endpoint, templates] of Object.entries(QUERIES)) {
        const paths = templates.map((path) => path.replace('REPOSITORY', String(labelled.id)));
        if (paths.length === 0) continue;
        const { p50, p99 } = await latencies(http.url, paths);
        const broad = endpoint.includes(',');
        rows.push({
          name: `GET /search/${endpoint} (${paths.length} queries), p99 (p50 ${p50.toFixed(1)} ms)`,
          value: p99,
          unit: 'ms',
          baselineName: 'target',
          baseline: P99_TARGET_MS,
          ratio: P99_TARGET_MS / p99,
          ...(broad ? {} : { target: 1 }),
        });
      }
    } finally {
      await http.close();
    }
    await runtime.close();
    rows.push(...(await codeSearchBeside()));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}
