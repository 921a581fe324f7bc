import type { Command } from 'commander';
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import { DeleteOAuthApplicationHandler } from '../../application/accounts/deleteOAuthApplication.handler.js';
import { OAuthApplicationQueries } from '../../application/accounts/oauthApplication.queries.js';
import type { OAuthApplication } from '../../application/accounts/oauthApplications.readModel.js';
import { RegisterOAuthApplicationHandler } from '../../application/accounts/registerOAuthApplication.handler.js';
import { ResetOAuthApplicationSecretHandler } from '../../application/accounts/resetOAuthApplicationSecret.handler.js';
import { UserQueries } from '../../application/accounts/user.queries.js';
import type { AppError } from '../../application/shared/appError.js';
import { systemContext } from '../../application/shared/commandContext.js';
import { loadConfig, type Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime, type Runtime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';
import { httpErrorFor } from '../http/shared/errorTable.js';

type Run = (action: () => Promise<void>) => Promise<void>;

const SHOWN_ONCE = 'The client secret is shown only now: store it safely.';

// Opened as `serve` without HTTP, as the two-factor commands are: with the embedded family
// (whose lock means no server runs) the projections run here and the snapshot is written at
// close; with MongoDB read models a worker applies the events. Logs go to stderr, so stdout
// holds only what a script reads. The commands write events as the system (no actor).
async function withRuntime(config: Config, work: (runtime: Runtime) => Promise<void>): Promise<void> {
  const runtime = await openRuntime(config, { role: 'serve', logger: createLogger(config.logLevel, 2) });
  try {
    await runtime.start();
    await work(runtime);
  } finally {
    await runtime.close();
  }
}

function describeError(error: AppError): string {
  switch (error._tag) {
    case 'OAuthApplicationNotFound':
      return `no OAuth application with client_id ${error.clientId}`;
    case 'UserNotFound':
      return `no user with login ${error.login}`;
    case 'InvalidOAuthApplicationField':
      return `invalid ${error.field}: name must be 1 to 255 characters, url and callback url absolute http(s) URLs`;
    default:
      return httpErrorFor(error).message;
  }
}

function succeeded<T>(result: Either<AppError, T>): T {
  if (isLeft(result)) throw new Error(describeError(result.left));
  return result.right;
}

async function allApplications(queries: OAuthApplicationQueries): Promise<OAuthApplication[]> {
  const applications: OAuthApplication[] = [];
  for (let page = 1; ; page++) {
    const batch = await queries.applicationsPage(page, 100);
    applications.push(...batch.applications);
    if (applications.length >= batch.totalCount || batch.applications.length === 0) return applications;
  }
}

interface CreateOptions {
  readonly name: string;
  readonly url: string;
  readonly callbackUrl: string;
  readonly owner?: string;
  readonly json?: boolean;
}

async function create(runtime: Runtime, options: CreateOptions): Promise<void> {
  const input = { name: options.name, url: options.url, callbackUrl: options.callbackUrl, owner: options.owner ?? null };
  const registered = succeeded(await runtime.container.get(RegisterOAuthApplicationHandler).execute(input, systemContext(runtime.clock.now())));
  const { applicationId: id, clientId, clientSecret } = registered;
  if (options.json) {
    console.log(JSON.stringify({ id, client_id: clientId, client_secret: clientSecret, name: input.name, url: input.url, callback_url: input.callbackUrl }));
    return;
  }
  console.log(
    `Registered OAuth application ${JSON.stringify(input.name)} (id ${id})\n  client_id:     ${clientId}\n  client_secret: ${clientSecret}\n${SHOWN_ONCE}`,
  );
}

async function list(runtime: Runtime, options: { json?: boolean }): Promise<void> {
  const users = runtime.container.get(UserQueries);
  const applications = await allApplications(runtime.container.get(OAuthApplicationQueries));
  if (applications.length === 0 && !options.json) console.log('no OAuth applications');
  for (const application of applications) {
    const owner = application.owner_id === null ? null : ((await users.userById(application.owner_id))?.login ?? null);
    const { id, client_id, name, url, callback_url, created_at } = application;
    if (options.json) console.log(JSON.stringify({ id, client_id, name, url, callback_url, owner, created_at }));
    else
      console.log(
        `${client_id}  ${JSON.stringify(name)}  ${url}  callback ${callback_url}  owner ${owner ?? '(site)'}  created ${created_at}  secret …${application.client_secret_last_eight}`,
      );
  }
}

async function resetSecret(runtime: Runtime, clientId: string): Promise<void> {
  const handler = runtime.container.get(ResetOAuthApplicationSecretHandler);
  const { clientSecret } = succeeded(await handler.execute(clientId, systemContext(runtime.clock.now())));
  console.log(`New client secret for ${clientId}: ${clientSecret}\nThe previous secret no longer works. ${SHOWN_ONCE}`);
}

async function remove(runtime: Runtime, clientId: string): Promise<void> {
  succeeded(await runtime.container.get(DeleteOAuthApplicationHandler).execute(clientId, systemContext(runtime.clock.now())));
  console.log(`Deleted OAuth application ${clientId}`);
}

// `forgelog admin oauth-app ...`: GitHub has no REST API for registering OAuth applications.
export function registerOAuthApplicationCommands(admin: Command, run: Run): void {
  const oauthApp = admin.command('oauth-app').description('OAuth applications: register, list, reset a secret, delete');
  oauthApp
    .command('create')
    .description('register an OAuth application; prints its client_id and client_secret (the secret only this once)')
    .requiredOption('--name <name>', 'the application name')
    .requiredOption('--url <url>', 'the homepage URL')
    .requiredOption('--callback-url <url>', 'the authorization callback URL')
    .option('--owner <login>', 'the user who owns it (default: the site)')
    .option('--json', 'print one JSON object')
    .action((options: CreateOptions) => run(() => withRuntime(loadConfig(), (runtime) => create(runtime, options))));
  oauthApp
    .command('list')
    .description('list registered OAuth applications (never their secrets)')
    .option('--json', 'one JSON object per application')
    .action((options: { json?: boolean }) => run(() => withRuntime(loadConfig(), (runtime) => list(runtime, options))));
  oauthApp
    .command('reset-secret')
    .argument('<client_id>', 'the application client_id')
    .description('replace the client secret; prints the new one once')
    .action((clientId: string) => run(() => withRuntime(loadConfig(), (runtime) => resetSecret(runtime, clientId))));
  oauthApp
    .command('delete')
    .argument('<client_id>', 'the application client_id')
    .description('delete the application')
    .action((clientId: string) => run(() => withRuntime(loadConfig(), (runtime) => remove(runtime, clientId))));
}
