import { loadConfig } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';
import { startHttpServer } from '../../interfaces/http/server.js';

// `scaleTarget <dataDir>`: starts forgelog over a data directory without a snapshot (a full
// replay through every projection), reports how long that took and the process's memory,
// then serves the API for the request figures.
const dataDir = process.argv[2]!;
const config = loadConfig({ FORGELOG_DATA_DIR: dataDir, FORGELOG_RATE_LIMITS: 'off', FORGELOG_PORT: '0', FORGELOG_HOST: '127.0.0.1' });
const runtime = await openRuntime(config, { role: 'serve', logger: createLogger('warn', '/dev/null') });
const head = await runtime.adapters.eventStore.headPosition();
const started = performance.now();
// The replay proper: every projection lane at the head. The start goes on with the process
// managers' catch-up on the same log (their checkpoints live in the read models, rebuilt here)
// and the heap compaction (heapCompaction.ts), before it returns, as before a server listens.
const replayed = runtime.runner.waitForAll(head, 24 * 3_600_000).then(() => performance.now());
await runtime.start();
const startedMs = performance.now() - started;
const replayMs = (await replayed) - started;
const processesMs = startedMs - replayMs;
const events = head + 1;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
gc();
const replayRssBytes = await settledRss();
// Requests are measured once nothing is due in the process managers either.
if (!(await runtime.processes.settled(head, 600_000))) throw new Error('the process managers did not settle');
gc();
const rssBytes = await settledRss();
const { heapUsed: heapUsedBytes } = process.memoryUsage();
const http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: Number(new URL(http.url).port), replayMs, processesMs, events, replayRssBytes, rssBytes, heapUsedBytes }));
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

// V8 hands freed pages back to the system from background threads, a little after a
// collection: RSS is read until it stops falling (two readings 100 ms apart within 1 MB), for
// five seconds at most.
async function settledRss(): Promise<number> {
  const deadline = Date.now() + 5_000;
  let previous = process.memoryUsage().rss;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const current = process.memoryUsage().rss;
    if (previous - current < 1024 * 1024 || Date.now() >= deadline) return current;
    previous = current;
  }
}
