// GitHub's OAuth scopes (docs: "Scopes for OAuth apps"), and site_admin from GitHub
// Enterprise Server. A scope outside this list is refused (422).
export const OAUTH_SCOPES: ReadonlySet<string> = new Set([
  'repo',
  'repo:status',
  'repo_deployment',
  'public_repo',
  'repo:invite',
  'security_events',
  'admin:repo_hook',
  'write:repo_hook',
  'read:repo_hook',
  'admin:org',
  'write:org',
  'read:org',
  'admin:public_key',
  'write:public_key',
  'read:public_key',
  'admin:org_hook',
  'gist',
  'notifications',
  'user',
  'read:user',
  'user:email',
  'user:follow',
  'project',
  'read:project',
  'delete_repo',
  'write:packages',
  'read:packages',
  'delete:packages',
  'admin:gpg_key',
  'write:gpg_key',
  'read:gpg_key',
  'codespace',
  'workflow',
  'write:discussion',
  'read:discussion',
  'admin:enterprise',
  'manage_runners:enterprise',
  'manage_billing:enterprise',
  'read:enterprise',
  'audit_log',
  'read:audit_log',
  'admin:ssh_signing_key',
  'write:ssh_signing_key',
  'read:ssh_signing_key',
  'site_admin',
  'copilot',
]);

// A scope that includes others, as GitHub documents it: a token with the parent may do what
// any of the children allows.
const INCLUDES: Readonly<Record<string, readonly string[]>> = Object.assign(Object.create(null) as Record<string, readonly string[]>, {
  repo: ['repo:status', 'repo_deployment', 'public_repo', 'repo:invite', 'security_events'],
  'admin:repo_hook': ['write:repo_hook', 'read:repo_hook'],
  'write:repo_hook': ['read:repo_hook'],
  'admin:org': ['write:org', 'read:org'],
  'write:org': ['read:org'],
  'admin:public_key': ['write:public_key', 'read:public_key'],
  'write:public_key': ['read:public_key'],
  user: ['read:user', 'user:email', 'user:follow'],
  project: ['read:project'],
  'write:packages': ['read:packages'],
  'admin:gpg_key': ['write:gpg_key', 'read:gpg_key'],
  'write:gpg_key': ['read:gpg_key'],
  'write:discussion': ['read:discussion'],
  'admin:enterprise': ['manage_runners:enterprise', 'manage_billing:enterprise', 'read:enterprise'],
  audit_log: ['read:audit_log'],
});

export function unknownScopes(scopes: readonly string[]): string[] {
  return scopes.filter((scope) => !OAUTH_SCOPES.has(scope));
}

// Each scope once, in the order first given, without those another of them includes: GitHub
// saves a token "with a normalized list of scopes, discarding those that are implicitly
// included by another requested scope" (user,gist,user:email is saved as user,gist).
export function normalizedScopes(scopes: readonly string[]): string[] {
  const given = [...new Set(scopes.map((scope) => scope.trim()).filter((scope) => scope !== ''))];
  return given.filter((scope) => !given.some((other) => other !== scope && (INCLUDES[other] ?? []).includes(scope)));
}

// Whether a token holding `granted` may do what any of `accepted` allows.
export function scopesAllow(granted: readonly string[], accepted: readonly string[]): boolean {
  const held = new Set<string>();
  for (const scope of granted) {
    held.add(scope);
    for (const child of INCLUDES[scope] ?? []) held.add(child);
  }
  return accepted.some((scope) => held.has(scope));
}
