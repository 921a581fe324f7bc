#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { ConfigError, loadConfig } from '../../infrastructure/shared/config/config.js';
import { importArchive } from './importArchive.command.js';
import { auditByName, auditStream, listStreamKinds } from './audit.command.js';
import { registerOAuthApplicationCommands } from './oauthApplications.command.js';
import { rebuild } from './rebuild.command.js';
import { projectionNames } from '../../projections/shared/allProjections.js';
import { resetPassword } from './resetPassword.command.js';
import { createToken } from './token.command.js';
import { seed } from './seed.command.js';
import { serve } from './serve.command.js';
import { worker } from './worker.command.js';
import { disableTwoFactor, enableTwoFactor } from './twoFactor.command.js';

// Configuration errors are a person's mistake: say what is wrong, without a stack trace.
async function run(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 2;
      return;
    }
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

// The version printed is the one package.json declares (dist/interfaces/cli/ is three levels down).
const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
const program = new Command('forgelog').description("An event-sourced server speaking GitHub's REST API v3").version(packageJson.version, '-V, --version');

program
  .command('serve')
  .description('serve the API (embedded stores under FORGELOG_DATA_DIR unless their URLs are set)')
  .option('--with-worker', 'also run the projections in this process when the read models are in MongoDB')
  .option('--seed', 'create the demo data set first, unless it is there already')
  .action((options: { withWorker?: boolean; seed?: boolean }) => run(() => serve(loadConfig(), options)));

program
  .command('seed')
  .description('create a demo data set: users, an organization, repositories with commits, stars, follows, issues')
  .action(() => run(() => seed(loadConfig())));

program
  .command('import-archive')
  .argument('<file>', 'a migration archive (.tar.gz), from forgelog or GitHub')
  .option('--json', 'the report as JSON')
  .description(
    'restore a migration archive: users (matched by login or created), organizations, repositories with their git data, issues, pull requests, comments, milestones, projects',
  )
  .action((file: string, options: { json?: boolean }) => run(() => importArchive(loadConfig(), file, options)));

program
  .command('worker')
  .description('run the projections only (for the distributed family: MongoDB read models)')
  .action(() => run(() => worker(loadConfig())));

program
  .command('rebuild')
  .argument('[projection]', `the projection to rebuild (${projectionNames().join(', ')}); all when omitted`)
  .description('rebuild read models from the event log into fresh collections, then switch over')
  .action((projection: string | undefined) => run(() => rebuild(loadConfig(), projection)));

const audit = program.command('audit').description('the full history of a stream, with actor and time of every change');
audit
  .command('stream')
  .argument('<name>', 'a stream name, such as user-1 or project-7')
  .option('--json', 'one JSON object per event')
  .description('every event of one stream, by its name ("forgelog audit kinds" lists the kinds)')
  .action((name: string, options: { json?: boolean }) => run(() => auditStream(loadConfig(), name, options)));
audit
  .command('user')
  .argument('<login>', 'a user or organization login (a former one too)')
  .option('--json', 'one JSON object per event')
  .description("a user's or organization's stream, found by its login: creation, profile, password and two-factor changes, follows, memberships")
  .action((login: string, options: { json?: boolean }) => run(() => auditByName(loadConfig(), 'user', login, options)));
audit
  .command('repo')
  .argument('<owner/name>', 'a repository by its full name (a former one too)')
  .option('--json', 'one JSON object per event')
  .description("a repository's stream: creation, settings, visibility, topics, collaborators, rename, transfer, deletion")
  .action((fullName: string, options: { json?: boolean }) => run(() => auditByName(loadConfig(), 'repo', fullName, options)));
audit
  .command('issue')
  .argument('<owner/name#number>', 'an issue or pull request')
  .option('--json', 'one JSON object per event')
  .description("an issue's or pull request's stream: opening, edits, state, labels, assignees, milestone, lock, merge")
  .action((reference: string, options: { json?: boolean }) => run(() => auditByName(loadConfig(), 'issue', reference, options)));
audit
  .command('token')
  .argument('<id>', 'an OAuth authorization id (a deleted one too)')
  .option('--json', 'one JSON object per event')
  .description("a token's whole life: creation, scope and note changes, deletion or revocation, with actor, time and origin")
  .action((id: string, options: { json?: boolean }) => run(() => auditByName(loadConfig(), 'token', id, options)));
audit
  .command('project')
  .argument('<id>', 'a classic project id (a deleted one too)')
  .option('--json', 'one JSON object per event')
  .description("a project's whole life: its settings, columns, cards and collaborators, with actor, time, origin, before and after")
  .action((id: string, options: { json?: boolean }) => run(() => auditByName(loadConfig(), 'project', id, options)));
audit
  .command('import')
  .argument('<owner/name>', 'a repository by its full name')
  .option('--json', 'one JSON object per event')
  .description("a repository's source imports: every start, step, progress report, mapping and ending, with actor and time")
  .action((fullName: string, options: { json?: boolean }) => run(() => auditByName(loadConfig(), 'import', fullName, options)));
audit
  .command('kinds')
  .description('the kinds of stream, what each holds and how to find one')
  .action(() => listStreamKinds());

// Site administration; with the embedded family it runs while the server is stopped (the log's lock).
const admin = program.command('admin').description("site administration: users' passwords and two-factor authentication, personal tokens, OAuth applications");
const twoFactor = admin.command('two-factor').description('TOTP (RFC 6238) two-factor authentication of a user');
twoFactor
  .command('enable')
  .argument('<login>', 'the user')
  .description('issue a TOTP secret, printed once as base32 and as an otpauth:// URI')
  .action((login: string) => run(() => enableTwoFactor(loadConfig(), login)));
twoFactor
  .command('disable')
  .argument('<login>', 'the user')
  .description('turn two-factor authentication off')
  .action((login: string) => run(() => disableTwoFactor(loadConfig(), login)));

admin
  .command('reset-password')
  .argument('<login>', 'the user')
  .description('give a user a new random password, printed once (with the embedded family, while the server is stopped)')
  .action((login: string) => run(() => resetPassword(loadConfig(), login)));

admin
  .command('token')
  .description('personal access tokens')
  .command('create')
  .argument('<login>', 'the user the token acts as')
  .option('--scopes <scopes>', 'comma-separated OAuth scopes, such as repo,user', '')
  .requiredOption('--note <note>', 'what the token is for')
  .description('mint a personal token for first use, printed once (with the embedded family, while the server is stopped)')
  .action((login: string, options: { scopes: string; note: string }) => run(() => createToken(loadConfig(), login, options)));

registerOAuthApplicationCommands(admin, run);

await program.parseAsync(process.argv);
