import { isLeft } from 'fp-ts/lib/Either.js';
import { DisableTwoFactorHandler } from '../../application/accounts/disableTwoFactor.handler.js';
import { EnableTwoFactorHandler } from '../../application/accounts/enableTwoFactor.handler.js';
import type { AppError } from '../../application/shared/appError.js';
import { systemContext } from '../../application/shared/commandContext.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime, type Runtime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';

// Opened as `serve` without HTTP: with the embedded family the projections then run in this
// process (the login resolves, read-your-writes settles, the snapshot is written at close);
// with MongoDB read models a worker applies the events as for any API process.
async function withRuntime(config: Config, action: (runtime: Runtime) => Promise<void>): Promise<void> {
  // Logs to stderr: stdout holds the secret alone, for a script to read.
  const runtime = await openRuntime(config, { role: 'serve', logger: createLogger(config.logLevel, 2) });
  try {
    await runtime.start();
    await action(runtime);
  } finally {
    await runtime.close();
  }
}

function explain(error: AppError, login: string): string {
  switch (error._tag) {
    case 'UserNotFound':
      return `no user with the login "${login}"`;
    case 'TwoFactorAlreadyEnabled':
      return `two-factor authentication is already enabled for "${login}"; disable it first to issue a new secret`;
    default:
      return `could not change two-factor authentication for "${login}": ${error._tag}`;
  }
}

export async function enableTwoFactor(config: Config, login: string): Promise<void> {
  await withRuntime(config, async (runtime) => {
    const enrollment = await runtime.container.get(EnableTwoFactorHandler).execute(login, systemContext(runtime.clock.now()));
    if (isLeft(enrollment)) throw new Error(explain(enrollment.left, login));
    // Printed once: the log and the read models hold the secret only encrypted.
    console.log(`Two-factor authentication enabled for ${enrollment.right.login}.`);
    console.log(`Secret (base32): ${enrollment.right.secret}`);
    console.log(`URI: ${enrollment.right.otpauthUri}`);
    console.log('Load it into an authenticator app now: it is not shown again.');
  });
}

export async function disableTwoFactor(config: Config, login: string): Promise<void> {
  await withRuntime(config, async (runtime) => {
    const disabled = await runtime.container.get(DisableTwoFactorHandler).execute(login, systemContext(runtime.clock.now()));
    if (isLeft(disabled)) throw new Error(explain(disabled.left, login));
    console.log(disabled.right.changed ? `Two-factor authentication disabled for ${login}.` : `Two-factor authentication was not enabled for ${login}.`);
  });
}
