import { scopesAllow } from '../authorizations/oauthScopes.js';
// THE access model: who may do what to a repository, decided from facts alone. Every area
// (repositories, issues, projects, git data...) asks this, through the application's
// RepositoryAccessQuery, which loads the facts from the read models.
export type RepositoryPermission = 'none' | 'read' | 'triage' | 'write' | 'maintain' | 'admin';

// The words GitHub's collaborator API takes for the same roles.
export type CollaboratorPermission = 'pull' | 'triage' | 'push' | 'maintain' | 'admin';

export type OrganizationDefaultPermission = 'none' | 'read' | 'write' | 'admin';

const RANK: Readonly<Record<RepositoryPermission, number>> = { none: 0, read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

const COLLABORATOR_ROLE: Readonly<Record<CollaboratorPermission, RepositoryPermission>> = {
  pull: 'read',
  triage: 'triage',
  push: 'write',
  maintain: 'maintain',
  admin: 'admin',
};

export function atLeast(permission: RepositoryPermission, needed: RepositoryPermission): boolean {
  return RANK[permission] >= RANK[needed];
}

export function highest(...permissions: readonly RepositoryPermission[]): RepositoryPermission {
  return permissions.reduce((best, permission) => (RANK[permission] > RANK[best] ? permission : best), 'none');
}

export function roleOfCollaborator(permission: CollaboratorPermission): RepositoryPermission {
  return COLLABORATOR_ROLE[permission];
}

export interface RepositoryAccessFacts {
  // null: an anonymous caller. Suspended users never get here: authentication refuses them.
  // `scopes` is present for a caller signed in with an OAuth token, whose scopes cap its role.
  readonly caller: { readonly userId: number; readonly siteAdmin: boolean; readonly scopes?: readonly string[] } | null;
  readonly repository: {
    readonly ownerId: number;
    readonly ownerType: 'User' | 'Organization';
    readonly private: boolean;
    readonly archived: boolean;
  };
  // For an organization-owned repository: the organization's base permission for members,
  // and the caller's membership role in it (GitHub's organization owner is role 'admin').
  readonly organization: {
    readonly defaultRepositoryPermission: OrganizationDefaultPermission;
    readonly callerRole: 'admin' | 'member' | null;
  } | null;
  readonly collaboratorPermission: CollaboratorPermission | null;
  // For a private fork in a private network: the caller's standing with its source (the
  // network's root), whose readers read the fork too (GitHub: "Private forks inherit the
  // permissions structure of the upstream repository"). Absent or null otherwise.
  readonly upstream?: UpstreamFacts | null;
}

// The caller's standing with a private fork's source: its owner, the caller's membership in
// it when it is an organization, and the caller's collaboration on the source.
export interface UpstreamFacts {
  readonly ownerId: number;
  readonly ownerType: 'User' | 'Organization';
  readonly organization: RepositoryAccessFacts['organization'];
  readonly collaboratorPermission: CollaboratorPermission | null;
}

// The role the caller holds through membership, ownership or collaboration: what GitHub's
// collaborator permission endpoint reports. Public visibility is not a role.
export function grantedRole({ caller, repository, organization, collaboratorPermission }: RepositoryAccessFacts): RepositoryPermission {
  if (caller === null) return 'none';
  if (caller.siteAdmin) return 'admin';
  if (repository.ownerType === 'User' && repository.ownerId === caller.userId) return 'admin';
  const membership: RepositoryPermission =
    organization?.callerRole === 'admin' ? 'admin' : organization?.callerRole === 'member' ? organization.defaultRepositoryPermission : 'none';
  return highest(membership, collaboratorPermission === null ? 'none' : roleOfCollaborator(collaboratorPermission));
}

// The role the caller holds, public read aside: granted, or inherited from a private fork's
// source. The inherited role makes no one a collaborator of the fork (its collaborator lists
// and checks keep to grantedRole).
export function heldRole(facts: RepositoryAccessFacts): RepositoryPermission {
  if (facts.caller === null) return 'none';
  return highest(grantedRole(facts), inheritedRole(facts.caller, facts.repository, facts.upstream ?? null));
}

// What a private fork gives whoever reads its source: the role held there, up to write.
// GitHub's docs: "if the upstream repository is private and gives read/write access to a
// team, then the same team will have read/write access to any forks of the private upstream
// repository": a maintainer may push a fix onto a contributor's private fork. Maintain and
// admin are not carried: the fork's settings, collaborators and deletion stay its owner's (the
// docs name only read and write). The source's outside collaborators get nothing when an
// organization owns it ("teams within the organization get access to the fork, but external
// collaborators do not"); a personal source's collaborators do.
function inheritedRole(
  caller: NonNullable<RepositoryAccessFacts['caller']>,
  repository: RepositoryAccessFacts['repository'],
  upstream: UpstreamFacts | null,
): RepositoryPermission {
  if (upstream === null || !repository.private) return 'none';
  const member = upstream.ownerType === 'User' || upstream.organization?.callerRole != null;
  const onSource = grantedRole({
    caller,
    repository: { ownerId: upstream.ownerId, ownerType: upstream.ownerType, private: true, archived: false },
    organization: upstream.organization,
    collaboratorPermission: member ? upstream.collaboratorPermission : null,
  });
  return atLeast(onSource, 'write') ? 'write' : onSource;
}

// The caller's role on the repository, archived or not: anyone reads a public repository.
// A token without `repo` sees no private repository; one without `repo` or `public_repo`
// reads public ones only, as on GitHub.
export function repositoryRole(facts: RepositoryAccessFacts): RepositoryPermission {
  const role = highest(heldRole(facts), facts.repository.private ? 'none' : 'read');
  const scopes = facts.caller?.scopes;
  if (scopes === undefined) return role;
  if (facts.repository.private && !scopesAllow(scopes, ['repo'])) return 'none';
  if (atLeast(role, 'triage') && !scopesAllow(scopes, ['repo', 'public_repo'])) return 'read';
  return role;
}

// GitHub's "(no scope)": read-only access to public information. A token without `repo` or
// `public_repo` changes nothing in a repository, not even what any reader may add there (an
// issue, a comment, a reaction). Passwords carry no scopes and are not limited.
export function mayChangeContent(caller: RepositoryAccessFacts['caller']): boolean {
  const scopes = caller?.scopes;
  return scopes === undefined || scopesAllow(scopes, ['repo', 'public_repo']);
}

// An archived repository is read-only for everyone, its administrators included.
export function effectivePermission(facts: RepositoryAccessFacts): RepositoryPermission {
  const role = repositoryRole(facts);
  return facts.repository.archived && atLeast(role, 'read') ? 'read' : role;
}

// What an operation needs. `changesContent` operations are refused on an archived
// repository; the others (delete, transfer, collaborators, unarchiving, reading settings)
// stay open to its administrators, as on GitHub.
export interface RepositoryOperation {
  readonly needs: RepositoryPermission;
  readonly changesContent: boolean;
}

export const REPOSITORY_OPERATIONS = {
  read: { needs: 'read', changesContent: false },
  triage: { needs: 'triage', changesContent: true },
  write: { needs: 'write', changesContent: true },
  maintain: { needs: 'maintain', changesContent: true },
  administerContent: { needs: 'admin', changesContent: true },
  administer: { needs: 'admin', changesContent: false },
} as const satisfies Record<string, RepositoryOperation>;

// GitHub's statuses: 'hidden' is a 404 (the caller may not know the repository exists),
// 'insufficient' and 'archived' are 403s (it may see, not change).
export type AccessDecision =
  | { readonly outcome: 'allowed' }
  | { readonly outcome: 'hidden' }
  | { readonly outcome: 'insufficient'; readonly needs: RepositoryPermission }
  | { readonly outcome: 'archived' };

export function decideAccess(role: RepositoryPermission, archived: boolean, operation: RepositoryOperation): AccessDecision {
  if (role === 'none') return { outcome: 'hidden' };
  if (!atLeast(role, operation.needs))
    return archived && operation.changesContent ? { outcome: 'archived' } : { outcome: 'insufficient', needs: operation.needs };
  if (archived && operation.changesContent) return { outcome: 'archived' };
  return { outcome: 'allowed' };
}

// GitHub's word in `permission` of the collaborator permission endpoint, which predates
// triage and maintain; `role_name` carries the exact role.
export function legacyPermissionName(role: RepositoryPermission): 'admin' | 'write' | 'read' | 'none' {
  switch (role) {
    case 'admin':
      return 'admin';
    case 'maintain':
    case 'write':
      return 'write';
    case 'triage':
    case 'read':
      return 'read';
    case 'none':
      return 'none';
  }
}
