import { isLeft } from 'fp-ts/lib/Either.js';
import { UserQueries } from '../../application/accounts/user.queries.js';
import { AuthorizationCommands } from '../../application/authorizations/authorizationCommands.js';
import { systemContext } from '../../application/shared/commandContext.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';
import type { AppError } from '../../application/shared/appError.js';

// A refusal in the words a person at the console needs, never an error's tag.
function describeTokenRefusal(login: string, note: string, problem: AppError): string {
  switch (problem._tag) {
    case 'UnknownScopes':
      return `unknown scopes: ${problem.scopes.join(', ')}`;
    case 'AuthorizationDuplicate':
      return `${login} already has a personal token with the note "${note}"; give this one another --note`;
    case 'AuthorizationFieldMissing':
      return 'a personal token needs a --note saying what it is for';
    default:
      return `could not create the token (${problem._tag})`;
  }
}

// `forgelog admin token create <login> --scopes repo,user --note "first use"`: a personal token
// for a user who has none yet (an administrator's first, say), printed once.
export async function createToken(config: Config, login: string, options: { scopes: string; note: string }): Promise<void> {
  // Logs to stderr: stdout holds the secret alone, for a script to read.
  const runtime = await openRuntime(config, { role: 'serve', logger: createLogger(config.logLevel, 2) });
  try {
    await runtime.start();
    const user = await runtime.container.get(UserQueries).userByLogin(login);
    if (!user || user.type !== 'User') throw new Error(`no user with the login "${login}"`);
    const scopes = options.scopes
      .split(',')
      .map((scope) => scope.trim())
      .filter((scope) => scope !== '');
    const created = await runtime.container
      .get(AuthorizationCommands)
      .create(user.id, { scopes, note: options.note }, { ...systemContext(runtime.clock.now()), userAgent: 'forgelog admin token create' });
    if (isLeft(created)) throw new Error(describeTokenRefusal(user.login, options.note, created.left));
    // Printed once: the log and the read models hold only its hash.
    console.log(
      `Token for ${user.login} (authorization ${created.right.authorization.id}, scopes: ${created.right.authorization.scopes.join(', ') || 'none'}):`,
    );
    console.log(created.right.token);
    console.log('It is shown only now.');
  } finally {
    await runtime.close();
  }
}
