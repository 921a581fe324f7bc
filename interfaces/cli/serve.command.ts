import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { startHttpServer } from '../http/server.js';
import { EnsureSiteAdmin } from '../../application/accounts/ensureSiteAdmin.js';
import { CheckTwoFactorKey } from '../../application/accounts/twoFactorKeyCheck.js';
import { ConfigError } from '../../infrastructure/shared/config/config.js';
import { seedInto } from './seed.command.js';
import { servedWebhookPayloads } from '../http/webhooks/webhookPayloads.js';

// Background work that cannot go on takes the process down with a non-zero status: a
// supervisor restarts it, and the restart resumes from the checkpoints.
export function exitOnFatal(): void {
  process.exitCode = 70;
  setImmediate(() => process.exit(70));
}

export async function serve(config: Config, options: { withWorker?: boolean; seed?: boolean }): Promise<void> {
  const webhooks = servedWebhookPayloads(config.baseUrl);
  const runtime = await openRuntime(config, {
    role: 'serve',
    onFatal: exitOnFatal,
    webhookPayloads: webhooks.payloads,
    ...(options.withWorker ? { withWorker: true } : {}),
  });
  await runtime.start();
  const keyCheck = await runtime.container.get(CheckTwoFactorKey).execute();
  if (!keyCheck.ok) {
    await runtime.close();
    throw new ConfigError([keyCheck.problem]);
  }
  // The port is bound before the administrator is created: a start that cannot serve (port
  // taken) must not create an administrator whose generated password nobody saw.
  const http = await startHttpServer(runtime).catch(async (error: unknown) => {
    await runtime.close();
    throw new Error(`cannot serve on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}${listenAdvice(error)}`);
  });
  webhooks.listening(http.url);
  const bootstrap = await runtime.container.get(EnsureSiteAdmin).execute(config.adminLogin, config.adminPassword);
  if (!bootstrap.created && config.adminPassword !== undefined) {
    runtime.logger.warn(
      { login: config.adminLogin },
      'FORGELOG_ADMIN_PASSWORD is ignored: this data directory has its site administrator already (forgelog admin reset-password changes it)',
    );
  }
  if (bootstrap.created && bootstrap.generatedPassword) {
    // Printed once, on the first start, and never logged.
    process.stdout.write(
      `\nSite administrator created: login "${bootstrap.login}", password "${bootstrap.generatedPassword}"\n` +
        'This password is shown only now. Set FORGELOG_ADMIN_PASSWORD before the first start to choose it.\n\n',
    );
  }
  if (options.seed) process.stdout.write(`${await seedInto(runtime)}\n`);
  runtime.logger.info({ url: http.url, dataDir: config.dataDir, projectionsInProcess: runtime.runsProjections }, 'forgelog is serving');
  const shutdown = async (signal: string) => {
    runtime.logger.info({ signal }, 'shutting down');
    await http.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

// What to do about a port that cannot be bound, in the settings' words: the error alone
// (EADDRINUSE) leaves a first-time user to guess which variable moves the server.
function listenAdvice(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return ' (another process listens there: stop it, or choose another port with FORGELOG_PORT)';
  if (code === 'EACCES') return ' (this user may not listen on that port: choose another with FORGELOG_PORT)';
  if (code === 'EADDRNOTAVAIL') return ' (no interface of this machine has that address: choose another with FORGELOG_HOST)';
  return '';
}
