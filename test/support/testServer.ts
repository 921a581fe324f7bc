import { mkdtemp, rm } from 'node:fs/promises';
import type { Clock } from '../../application/shared/ports/clock.port.js';
import type { EventStore } from '../../application/shared/ports/eventStore.port.js';
import type { GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import type { ServerLoad } from '../../application/shared/ports/serverLoad.port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { EnsureSiteAdmin } from '../../application/accounts/ensureSiteAdmin.js';
import { loadConfig, type Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime, type Runtime } from '../../infrastructure/shared/container/runtime.js';
import { startHttpServer, type HttpServer } from '../../interfaces/http/server.js';
import { servedWebhookPayloads } from '../../interfaces/http/webhooks/webhookPayloads.js';

export const ADMIN_LOGIN = 'admin';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface TestServer {
  readonly url: string;
  readonly runtime: Runtime;
  readonly http: HttpServer;
  readonly dataDir: string;
  readonly adminAuthorization: string;
  // Stops the server and its stores; the data directory stays for a restart.
  stop(): Promise<void>;
  // Stops and removes the data directory.
  close(): Promise<void>;
}

const IDLE: ServerLoad = { utilization: () => 0 };

export function basicAuthorization(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'forgelog-test-'));
}

// A real listening server on an ephemeral port over the embedded family in a fresh
// temporary data directory (or a given one, to test restarts).
export interface TestServerOptions {
  readonly clock?: Clock;
  // How busy the server says it is (X-Poll-Interval); idle unless a spec sets it, since the
  // specs share the server's event loop and their own load would move it.
  readonly serverLoad?: ServerLoad;
  readonly decorateEventStore?: (store: EventStore) => EventStore;
  readonly decorateGitStorage?: (storage: GitStorage) => GitStorage;
  // Every log line at debug level and above, for specs that check what is logged.
  readonly logLines?: string[];
}

export async function startTestServer(env: Record<string, string> = {}, dataDir?: string, options: TestServerOptions = {}): Promise<TestServer> {
  const directory = dataDir ?? (await newDataDir());
  const config: Config = loadConfig({
    FORGELOG_DATA_DIR: directory,
    FORGELOG_PORT: '0',
    FORGELOG_HOST: '127.0.0.1',
    FORGELOG_ADMIN_PASSWORD: ADMIN_PASSWORD,
    FORGELOG_LOG_LEVEL: 'silent',
    FORGELOG_RATE_LIMITS: 'off',
    ...env,
  });
  // TEST_LOG_LEVEL=error shows a failing spec's server-side stack on stdout.
  const webhooks = servedWebhookPayloads(config.baseUrl);
  const runtime = await openRuntime(config, {
    role: 'serve',
    webhookPayloads: webhooks.payloads,
    logger: options.logLines
      ? pino({ level: 'debug' }, { write: (line: string) => void options.logLines!.push(line) })
      : pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(options.clock ? { clock: options.clock } : {}),
    serverLoad: options.serverLoad ?? IDLE,
    ...(options.decorateEventStore ? { decorateEventStore: options.decorateEventStore } : {}),
    ...(options.decorateGitStorage ? { decorateGitStorage: options.decorateGitStorage } : {}),
  });
  await runtime.start();
  await runtime.container.get(EnsureSiteAdmin).execute(config.adminLogin, config.adminPassword);
  const http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  // The specs' client shares this process: a spec blocking it (a synchronous git, hg or svn
  // for seconds) leaves both keep-alive timers overdue, and its next fetch took a pooled socket
  // the server's timer then closed under it ("fetch failed"). Idle sockets here are closed by
  // the client alone (undici's own timeout) and by close().
  http.server.keepAliveTimeout = 0;
  webhooks.listening(http.url);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await http.close();
    await runtime.close();
  };
  return {
    url: http.url,
    runtime,
    http,
    dataDir: directory,
    adminAuthorization: basicAuthorization(ADMIN_LOGIN, ADMIN_PASSWORD),
    stop,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

// A clock the spec moves by hand, so events get the instants it chooses.
export class ManualClock implements Clock {
  constructor(private current: Date) {}

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(instant: Date): void {
    this.current = new Date(instant.getTime());
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
