import { isLeft } from 'fp-ts/lib/Either.js';
import { ResetPasswordHandler } from '../../application/accounts/resetPassword.handler.js';
import { systemContext } from '../../application/shared/commandContext.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';

// Runs with the server stopped (the embedded log's lock), like the other admin writes.
export async function resetPassword(config: Config, login: string): Promise<void> {
  // Logs to stderr: stdout holds the secret alone, for a script to read.
  const runtime = await openRuntime(config, { role: 'serve', logger: createLogger(config.logLevel, 2) });
  try {
    await runtime.start();
    const reset = await runtime.container.get(ResetPasswordHandler).execute(login, systemContext(runtime.clock.now()));
    if (isLeft(reset))
      throw new Error(
        reset.left._tag === 'UserNotFound' ? `no user with the login "${login}"` : `could not reset the password of "${login}": ${reset.left._tag}`,
      );
    // Printed once: the log holds only its hash.
    console.log(`New password for ${reset.right.login}: ${reset.right.password}`);
    console.log('It is shown only now.');
  } finally {
    await runtime.close();
  }
}
