import { loginStream } from '../../../domain/accounts/loginReservation.decider.js';
import { repositoryNameStream } from '../../../domain/repositories/repositoryNameReservation.decider.js';
import type { EventStore } from '../ports/eventStore.port.js';

// `forgelog audit` finds streams by what a person knows (a login, owner/name, owner/name#n)
// using only the log, so it runs beside a serving process as `audit stream` does.

export interface StreamKind {
  readonly pattern: string;
  readonly holds: string;
  readonly find: string;
}

// The stream categories a person may want to audit, and how to reach each one by name.
export const STREAM_KINDS: readonly StreamKind[] = [
  {
    pattern: 'user-<id>',
    holds: 'a user account: creation, profile, password and two-factor changes, follows, suspension, deletion',
    find: 'audit user <login>',
  },
  { pattern: 'organization-<id>', holds: 'an organization: creation, settings, memberships', find: 'audit user <org login>' },
  { pattern: 'login-<login>', holds: 'who held a login, and when it was released', find: 'audit stream login-<login>' },
  {
    pattern: 'email-<digest>',
    holds: 'which user held an email (named by SHA-256 of the trimmed, lowercased address, first 32 hex digits), and when it was released',
    find: 'audit stream',
  },
  {
    pattern: 'repository-<id>',
    holds: 'a repository: creation, settings, visibility, topics, collaborators, rename, transfer, deletion',
    find: 'audit repo <owner>/<name>',
  },
  { pattern: 'repository-name-<owner id>-<name>', holds: 'which repository held a name', find: 'audit stream' },
  { pattern: 'issue-<id>', holds: 'an issue: opening, edits, state, labels, assignees, milestone, lock', find: 'audit issue <owner>/<name>#<number>' },
  { pattern: 'pull-request-<id>', holds: 'a pull request: opening, edits, state, merge', find: 'audit issue <owner>/<name>#<number>' },
  { pattern: 'issue-comment-<id>, label-<id>, milestone-<id>', holds: 'a comment, a label, a milestone', find: 'audit stream' },
  {
    pattern: 'label-name-<repo>-<name>, milestone-title-<repo>-<digest>',
    holds: 'which label held a name, which milestone a title (named by SHA-256 of the title, first 32 hex digits)',
    find: 'audit stream',
  },
  { pattern: 'stargazer-<repo>-<user>, watcher-<repo>-<user>', holds: "one user's star or subscription on one repository", find: 'audit stream' },
  {
    pattern: 'authorization-<id>',
    holds:
      'an OAuth token: creation, scope and note changes, resets by its application, deletion or revocation (by its owner, its application, or with its grant)',
    find: 'audit token <id>',
  },
  { pattern: 'oauth-grant-revoked-<grant id>', holds: "a grant's revocation, recorded before its tokens end", find: 'audit stream' },
  {
    pattern: 'project-<id>',
    holds: 'a classic project: settings, state, columns, cards and their order, collaborators, deletion',
    find: 'audit project <id>',
  },
  {
    pattern: 'source-import-<repository id>',
    holds: "a repository's source imports: each start, restart, step, progress, author mapping, large-file choice, completion, failure or cancel",
    find: 'audit import <owner>/<name>',
  },
  { pattern: 'two-factor-codes-<user id>', holds: 'the time steps of the two-factor codes a user signed in with', find: 'audit stream' },
  { pattern: 'oauth-application-<id>', holds: 'an OAuth application: registration, secret resets, deletion', find: 'audit stream' },
  { pattern: 'sequence-<category>, issue-number-<repo>', holds: 'id and number allocation', find: 'audit stream' },
];

export type StreamLookup = { readonly found: true; readonly streamId: string } | { readonly found: false; readonly reason: string };

async function accountIdOf(eventStore: EventStore, login: string): Promise<{ id: number; type: 'User' | 'Organization' } | null> {
  const [last] = await eventStore.readStream(loginStream(login), { direction: 'backwards', maxCount: 1 });
  if (!last) return null;
  // A released login still names the account that held it last (a deleted or renamed one).
  const reservations = last.type === 'LoginReserved' ? [last] : await eventStore.readStream(loginStream(login), { direction: 'backwards' });
  const reserved = reservations.find((event) => event.type === 'LoginReserved');
  if (!reserved) return null;
  const data = reserved.data as { accountId: number; accountType: 'User' | 'Organization' };
  return { id: data.accountId, type: data.accountType };
}

export async function findAccountStream(eventStore: EventStore, login: string): Promise<StreamLookup> {
  const account = await accountIdOf(eventStore, login);
  if (!account) return { found: false, reason: `no account has ever had the login "${login}"` };
  return { found: true, streamId: account.type === 'User' ? `user-${account.id}` : `organization-${account.id}` };
}

async function repositoryIdOf(eventStore: EventStore, fullName: string): Promise<{ id: number } | { reason: string }> {
  const [owner, name, ...rest] = fullName.split('/');
  if (!owner || !name || rest.length > 0) return { reason: `"${fullName}" is not of the form <owner>/<name>` };
  const account = await accountIdOf(eventStore, owner);
  if (!account) return { reason: `no account has ever had the login "${owner}"` };
  const reservations = await eventStore.readStream(repositoryNameStream(account.id, name), { direction: 'backwards' });
  const reserved = reservations.find((event) => event.type === 'RepositoryNameReserved');
  if (!reserved) return { reason: `${owner} has never had a repository named "${name}"` };
  return { id: (reserved.data as { repositoryId: number }).repositoryId };
}

export async function findRepositoryStream(eventStore: EventStore, fullName: string): Promise<StreamLookup> {
  const repository = await repositoryIdOf(eventStore, fullName);
  return 'id' in repository ? { found: true, streamId: `repository-${repository.id}` } : { found: false, reason: repository.reason };
}

// A repository's source imports, by the repository's full name.
export async function findImportStream(eventStore: EventStore, fullName: string): Promise<StreamLookup> {
  const repository = await repositoryIdOf(eventStore, fullName);
  if (!('id' in repository)) return { found: false, reason: repository.reason };
  const [first] = await eventStore.readStream(`source-import-${repository.id}`, { maxCount: 1 });
  return first ? { found: true, streamId: `source-import-${repository.id}` } : { found: false, reason: `${fullName} has had no source import` };
}

// Issue and pull request numbers are not stream names, so this one reads the log once, in
// order, until the opening event of that number (an offline tool's cost, not a request's).
export async function findIssueStream(eventStore: EventStore, reference: string): Promise<StreamLookup> {
  // At most 15 digits: a longer number is no issue's, and Number() would round it (#1e20 shown
  // for #99999999999999999999) after a read of the whole log.
  const match = /^([^#]+)#(\d{1,15})$/.exec(reference);
  if (!match) return { found: false, reason: `"${reference}" is not of the form <owner>/<name>#<number>` };
  const repository = await repositoryIdOf(eventStore, match[1]!);
  if (!('id' in repository)) return { found: false, reason: repository.reason };
  const number = Number(match[2]);
  for await (const event of eventStore.readAll()) {
    if (event.type !== 'IssueOpened' && event.type !== 'PullRequestOpened') continue;
    const data = event.data as { repositoryId: number; number: number };
    if (data.repositoryId === repository.id && data.number === number) return { found: true, streamId: event.streamId };
  }
  return { found: false, reason: `${match[1]} has no issue or pull request #${number}` };
}
