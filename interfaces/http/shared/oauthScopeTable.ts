import type { RequestHandler } from 'express';
import { scopesAllow } from '../../../domain/authorizations/oauthScopes.js';
import { httpErrorFor } from './errorTable.js';
import { callerOf, readAsAnonymous } from './caller.js';
import { sendGithubError } from './githubError.js';

interface ScopeRule {
  readonly method: string;
  readonly path: RegExp;
  // The scopes any of which lets a token through (GitHub's X-Accepted-OAuth-Scopes).
  readonly accepted: readonly string[];
  // What X-Accepted-OAuth-Scopes says, where GitHub names fewer than let a token through
  // (its header is one list per operation; the owner decides the rest). Default: accepted.
  readonly named?: readonly string[];
}

const SEGMENT = '[^/]+';
// Matched as Express routes are, case-insensitively: `PATCH /User` reaches PATCH /user's handler,
// so it must meet PATCH /user's rule.
const rule = (method: string, path: string, accepted: readonly string[], named?: readonly string[]): ScopeRule => ({
  method,
  path: new RegExp(`^${path.replaceAll(':x', SEGMENT)}/?$`, 'i'),
  accepted,
  ...(named === undefined ? {} : { named }),
});

const PROJECT_READ = ['repo', 'public_repo', 'project', 'read:project', 'read:org', 'write:org', 'admin:org'];
const PROJECT_WRITE = ['repo', 'public_repo', 'project', 'write:org', 'admin:org'];
// GitHub's recordings of a card's every operation (@octokit/fixtures, project-cards) name
// these two, whatever the board's owner; a user's or organization's board still lets
// project or the organization's scopes through (projectAccess.ts).
const CARD_SCOPES_NAMED = ['public_repo', 'repo'];

// The one table of which OAuth scopes an operation accepts, as GitHub documents them. What a
// token may do on a repository is decided by the access model (repo for private ones,
// repo or public_repo to change a public one); this table covers the rest. An area adds
// its rows here (projects, migrations, hooks).
export const SCOPE_RULES: readonly ScopeRule[] = [
  rule('PATCH', '/user', ['user']),
  rule('GET', '/user/orgs', ['user', 'read:org']),
  rule('GET', '/user/memberships/orgs(/:x)?', ['user', 'read:org', 'write:org', 'admin:org']),
  rule('PATCH', '/user/memberships/orgs/:x', ['user', 'write:org', 'admin:org']),
  rule('PUT', '/user/following/:x', ['user:follow', 'user']),
  rule('DELETE', '/user/following/:x', ['user:follow', 'user']),
  // Starring needs public_repo (repo for a private repository, which the access model
  // hides from a token without repo); watching needs notifications or repo. Reads need none.
  rule('PUT', '/user/starred/:x/:x', ['public_repo', 'repo']),
  rule('DELETE', '/user/starred/:x/:x', ['public_repo', 'repo']),
  rule('PUT', '/repos/:x/:x/subscription', ['notifications', 'repo']),
  rule('DELETE', '/repos/:x/:x/subscription', ['notifications', 'repo']),
  rule('GET', '/user/repository_invitations', ['repo', 'repo:invite']),
  // GitHub's recording (add-and-remove-repository-collaborator) names public_repo too.
  rule('PATCH', '/user/repository_invitations/:x', ['repo', 'repo:invite'], ['public_repo', 'repo', 'repo:invite']),
  rule('DELETE', '/user/repository_invitations/:x', ['repo', 'repo:invite']),
  rule('POST', '/user/repos', ['repo', 'public_repo']),
  rule('POST', '/orgs/:x/repos', ['repo', 'public_repo']),
  rule('DELETE', '/repos/:x/:x', ['delete_repo']),
  rule('DELETE', '/repositories/\\d+', ['delete_repo']),
  rule('PATCH', '/orgs/:x', ['admin:org']),
  rule('GET', '/orgs/:x/memberships/:x', ['admin:org', 'write:org', 'read:org']),
  rule('PUT', '/orgs/:x/memberships/:x', ['admin:org', 'write:org']),
  rule('DELETE', '/orgs/:x/memberships/:x', ['admin:org', 'write:org']),
  // Concealed memberships are what read:org reads ("Read-only access to organization
  // membership"): a member's token without it lists and checks members as an outsider.
  rule('GET', '/orgs/:x/members', ['admin:org', 'write:org', 'read:org']),
  rule('GET', '/orgs/:x/members/:x', ['admin:org', 'write:org', 'read:org']),
  // GitHub: "you can publicize your organization membership with user scope".
  rule('PUT', '/orgs/:x/public_members/:x', ['admin:org', 'write:org', 'user']),
  rule('DELETE', '/orgs/:x/public_members/:x', ['admin:org', 'write:org', 'user']),
  // Classic projects: repo or project for user and organization projects (read:project to
  // read), public_repo for a public repository's, the organization scopes for an
  // organization's (read:org to read, write:org or admin:org to change). The first gate:
  // domain/projects/projectAccess.ts caps the role per project by the same rules.
  rule('GET', '/orgs/:x/projects', ['repo', 'project', 'read:project', 'read:org', 'write:org', 'admin:org']),
  rule('POST', '/orgs/:x/projects', ['repo', 'project', 'write:org', 'admin:org']),
  rule('POST', '/user/projects', ['repo', 'project']),
  rule('GET', '/users/:x/projects', ['repo', 'project', 'read:project', 'read:org']),
  rule('GET', '/repos/:x/:x/projects', ['repo', 'public_repo']),
  rule('POST', '/repos/:x/:x/projects', ['repo', 'public_repo']),
  rule('GET', '/projects/columns/(\\d+/cards|cards/.*)', PROJECT_READ, CARD_SCOPES_NAMED),
  rule('POST', '/projects/columns/(\\d+/cards|cards/.*)', PROJECT_WRITE, CARD_SCOPES_NAMED),
  rule('PATCH', '/projects/columns/cards/.*', PROJECT_WRITE, CARD_SCOPES_NAMED),
  rule('DELETE', '/projects/columns/cards/.*', PROJECT_WRITE, CARD_SCOPES_NAMED),
  rule('GET', '/projects/.*', PROJECT_READ),
  rule('POST', '/projects/.*', PROJECT_WRITE),
  rule('PATCH', '/projects/.*', PROJECT_WRITE),
  rule('PUT', '/projects/.*', ['repo', 'project', 'write:org', 'admin:org']),
  rule('DELETE', '/projects/.*', PROJECT_WRITE),
  rule('GET', '/orgs/:x/audit-log', ['admin:org', 'read:audit_log']),
  // Migrations: admin:org for an organization's, repo for a user's.
  rule('GET', '/orgs/:x/migrations(/.*)?', ['admin:org']),
  rule('POST', '/orgs/:x/migrations', ['admin:org']),
  rule('DELETE', '/orgs/:x/migrations/.*', ['admin:org']),
  rule('GET', '/user/migrations(/.*)?', ['repo']),
  rule('POST', '/user/migrations', ['repo']),
  rule('DELETE', '/user/migrations/.*', ['repo']),
  // Source imports: the repository's scopes (the access model decides private from public).
  rule('GET', '/repos/:x/:x/import(/.*)?', ['repo', 'public_repo']),
  rule('PUT', '/repos/:x/:x/import', ['repo', 'public_repo']),
  rule('PATCH', '/repos/:x/:x/import(/.*)?', ['repo', 'public_repo']),
  rule('DELETE', '/repos/:x/:x/import', ['repo', 'public_repo']),
  // Webhooks: the hook scopes (GitHub's read/write/admin ladder) or repo for a repository's.
  rule('GET', '/repos/:x/:x/hooks(/.*)?', ['read:repo_hook', 'write:repo_hook', 'admin:repo_hook', 'repo']),
  rule('POST', '/repos/:x/:x/hooks(/.*)?', ['write:repo_hook', 'admin:repo_hook', 'repo']),
  rule('PATCH', '/repos/:x/:x/hooks(/.*)?', ['write:repo_hook', 'admin:repo_hook', 'repo']),
  rule('DELETE', '/repos/:x/:x/hooks/:x', ['admin:repo_hook', 'repo']),
  rule('GET', '/orgs/:x/hooks(/.*)?', ['admin:org_hook']),
  rule('POST', '/orgs/:x/hooks(/.*)?', ['admin:org_hook']),
  rule('PATCH', '/orgs/:x/hooks(/.*)?', ['admin:org_hook']),
  rule('DELETE', '/orgs/:x/hooks/:x', ['admin:org_hook']),
  // GitHub Enterprise Server's site-admin API: a site administrator's token with site_admin.
  rule('GET', '/admin/.*', ['site_admin']),
  rule('POST', '/admin/.*', ['site_admin']),
  rule('PATCH', '/admin/.*', ['site_admin']),
  rule('DELETE', '/admin/.*', ['site_admin']),
  rule('PUT', '/users/:x/(site_admin|suspended)', ['site_admin']),
  rule('DELETE', '/users/:x/(site_admin|suspended)', ['site_admin']),
];

// Reads anyone may make: a token without the scope reads them as an anonymous caller would
// (public projects), as on GitHub, rather than being refused what no token is needed for.
const PUBLIC_READS: readonly RegExp[] = [
  '/orgs/:x/members',
  '/orgs/:x/members/:x',
  '/orgs/:x/projects',
  '/users/:x/projects',
  '/repos/:x/:x/projects',
  '/projects/\\d+',
  '/projects/\\d+/columns',
  '/projects/columns/\\d+',
  '/projects/columns/\\d+/cards',
  '/projects/columns/cards/\\d+',
].map((path) => rule('GET', path, []).path);

// A repository's operations, by name or by id (checked here before the id is resolved).
const REPOSITORY_PATH = /^\/(repos\/[^/]+\/[^/]+|repositories\/\d+)(\/|$)/i;
const REPOSITORY_PREFIX = '/(repos/:x/:x|repositories/\\d+)';
const header = (method: string, path: string, named: string) => ({ method, path: rule(method, path, []).path, named });
// What GitHub's X-Accepted-OAuth-Scopes says on operations no row above gates, where it is not
// the default ("repo" on a repository's, empty elsewhere): its recordings (@octokit/fixtures
// get-content, create-file, add-labels-to-issue, labels, lock-issue, rename-repository,
// add-and-remove-repository-collaborator, get-organization) name none on these writes and reads
// of a repository, though the access model still wants repo for a private repository's, and
// name more on an organization's profile, which anyone reads.
const HEADERS_NAMED_BY_GITHUB: readonly { method: string; path: RegExp; named: string }[] = [
  ...['GET', 'PUT', 'DELETE'].map((method) => header(method, `${REPOSITORY_PREFIX}/contents(/.*)?`, '')),
  header('PATCH', REPOSITORY_PREFIX, ''),
  header('POST', `${REPOSITORY_PREFIX}/issues`, ''),
  header('POST', `${REPOSITORY_PREFIX}/issues/\\d+/labels`, ''),
  header('POST', `${REPOSITORY_PREFIX}/labels`, ''),
  header('PATCH', `${REPOSITORY_PREFIX}/labels/.+`, ''),
  header('DELETE', `${REPOSITORY_PREFIX}/labels/.+`, ''),
  header('PUT', `${REPOSITORY_PREFIX}/issues/\\d+/lock`, 'public_repo, repo'),
  header('DELETE', `${REPOSITORY_PREFIX}/issues/\\d+/lock`, 'public_repo, repo'),
  header('GET', `${REPOSITORY_PREFIX}/collaborators`, ''),
  ...['GET', 'PUT', 'DELETE'].map((method) => header(method, `${REPOSITORY_PREFIX}/collaborators/:x`, '')),
  header('GET', `${REPOSITORY_PREFIX}/invitations`, ''),
  header('GET', '/orgs/:x', 'admin:org, read:org, repo, user, write:org'),
];

// Operations a token may never do: a password change proves the password itself.
const PASSWORD_ONLY: readonly ScopeRule[] = [rule('PATCH', '/user/password', [])];

const ruleFor = (method: string, path: string): ScopeRule | undefined =>
  SCOPE_RULES.find((candidate) => candidate.method === method && candidate.path.test(path));

export function acceptedScopesFor(method: string, path: string): readonly string[] | null {
  return ruleFor(method, path)?.accepted ?? null;
}

// For token callers: X-Accepted-OAuth-Scopes on every answer (the scopes the table names, or
// none), and 404 (GitHub hides what a token may not reach) when none of them is held, but for
// public reads.
export function enforceTokenScopes(): RequestHandler {
  return (req, res, next) => {
    const caller = callerOf(res);
    if (caller.kind !== 'user' || caller.scopes === undefined) return next();
    // Express answers HEAD with the GET route: it needs what GET needs.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (PASSWORD_ONLY.some((candidate) => candidate.method === method && candidate.path.test(req.path))) {
      const error = httpErrorFor({ _tag: 'PasswordAuthenticationRequired' });
      return sendGithubError(res, error.status, error.message);
    }
    const found = ruleFor(method, req.path);
    if (found === undefined) {
      // A repository's other operations: the access model decides (see SCOPE_RULES); the
      // header names the scope GitHub names for them. Elsewhere no scope is checked, and
      // GitHub says so with the header empty: it is on every answer to a token.
      const named = HEADERS_NAMED_BY_GITHUB.find((candidate) => candidate.method === method && candidate.path.test(req.path))?.named;
      res.setHeader('X-Accepted-OAuth-Scopes', named ?? (REPOSITORY_PATH.test(req.path) ? 'repo' : ''));
      return next();
    }
    const { accepted, named = accepted } = found;
    res.setHeader('X-Accepted-OAuth-Scopes', named.join(', '));
    if (!scopesAllow(caller.scopes, accepted)) {
      if (method !== 'GET' || !PUBLIC_READS.some((path) => path.test(req.path))) return sendGithubError(res, 404, 'Not Found');
      readAsAnonymous(res);
    }
    next();
  };
}
