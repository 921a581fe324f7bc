import { createServer } from 'node:http';
import { EnsureSiteAdmin } from '../../application/accounts/ensureSiteAdmin.js';
import { CreateUserHandler } from '../../application/accounts/createUser.handler.js';
import { systemContext } from '../../application/shared/commandContext.js';
import { loadConfig } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';
import { startHttpServer } from '../../interfaces/http/server.js';

// A server process for the HTTP benchmark: `forgelog <dataDir>` serves the real API;
// `bare <bodyFile>` answers every request with the same bytes from plain node:http.
const [mode, argument] = process.argv.slice(2);

if (mode === 'bare') {
  const { readFileSync } = await import('node:fs');
  const captured = JSON.parse(readFileSync(argument!, 'utf8')) as { body: string; headers: Record<string, string>; status?: number };
  const body = Buffer.from(captured.body);
  // A 304 is the same headers without the body.
  const status = captured.status ?? 200;
  const server = createServer((_req, res) => {
    if (status === 304) {
      res.writeHead(304, captured.headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...captured.headers, 'content-length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as { port: number }).port })));
} else {
  const config = loadConfig({
    FORGELOG_DATA_DIR: argument!,
    FORGELOG_ADMIN_PASSWORD: 'benchmark-password',
    FORGELOG_RATE_LIMITS: 'off',
    FORGELOG_PORT: '0',
    FORGELOG_HOST: '127.0.0.1',
  });
  // Request logs stay on, written as in production (buffered), to /dev/null.
  const runtime = await openRuntime(config, { role: 'serve', logger: createLogger(process.env.BENCH_LOG_LEVEL ?? 'info', '/dev/null') });
  await runtime.start();
  await runtime.container.get(EnsureSiteAdmin).execute(config.adminLogin, config.adminPassword);
  await runtime.container.get(CreateUserHandler).execute({ login: 'octocat', email: 'octocat@example.com' }, systemContext(new Date()));
  const http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: Number(new URL(http.url).port) }));
}
process.on('SIGINT', () => process.exit(0));
