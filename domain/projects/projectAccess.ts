import { scopesAllow } from '../authorizations/oauthScopes.js';
import type { RepositoryPermission } from '../shared/access.js';
import type { OrganizationProjectPermission, ProjectOwnerKind, ProjectPermission, ProjectSettings } from './project.events.js';

export type ProjectRole = 'none' | ProjectPermission;

// What the access decision needs to know, loaded by application/projects/projectAccess.query.ts.
export interface ProjectAccessFacts {
  // `scopes` is present for a caller signed in with an OAuth token, whose scopes cap its role.
  readonly caller: { readonly userId: number; readonly siteAdmin: boolean; readonly scopes?: readonly string[] } | null;
  readonly ownerKind: ProjectOwnerKind;
  readonly ownerId: number;
  readonly private: boolean;
  readonly organizationPermission: OrganizationProjectPermission;
  // The caller's grant as a project collaborator (organization and user projects).
  readonly collaboratorPermission: ProjectPermission | null;
  // The caller's role on the repository (repository projects).
  readonly repositoryRole: RepositoryPermission;
  // The caller's organization role (organization projects).
  readonly organizationRole: 'admin' | 'member' | null;
}

const RANK: Record<ProjectRole, number> = { none: 0, read: 1, write: 2, admin: 3 };

export function highestProjectRole(...roles: ProjectRole[]): ProjectRole {
  return roles.reduce((best, role) => (RANK[role] > RANK[best] ? role : best), 'none');
}

export function allows(role: ProjectRole, needed: ProjectPermission): boolean {
  return RANK[role] >= RANK[needed];
}

function fromRepositoryRole(role: RepositoryPermission): ProjectRole {
  if (role === 'admin') return 'admin';
  if (role === 'write' || role === 'maintain') return 'write';
  if (role === 'read' || role === 'triage') return 'read';
  return 'none';
}

// GitHub's rules: a repository project follows the repository's permissions; in an
// organization, owners administer every project and members get the project's
// organization_permission, a collaborator grant raising (never lowering) it; a user's
// project is administered by the user; a public project is readable by everyone, a private
// one only by those granted access. Site administrators administer everything.
export function projectRole(facts: ProjectAccessFacts): ProjectRole {
  return cappedByScopes(facts, grantedProjectRole(facts));
}

function lowestProjectRole(left: ProjectRole, right: ProjectRole): ProjectRole {
  return RANK[left] <= RANK[right] ? left : right;
}

// GitHub's scopes for classic projects: `repo` or `project` manages an organization's and a
// user's projects, `read:project` reads them; `write:org` (or `admin:org`) manages an
// organization's, `read:org` reads them. A token without them sees what anyone sees: a public
// project, read. A repository project's role is the repository's, already capped by the
// repository's scopes.
function cappedByScopes(facts: ProjectAccessFacts, role: ProjectRole): ProjectRole {
  const scopes = facts.caller?.scopes;
  // A site administrator's token too: its scopes cap what it reaches, as on repositories.
  if (scopes === undefined || facts.ownerKind === 'repository') return role;
  const organization = facts.ownerKind === 'organization';
  if (scopesAllow(scopes, ['repo', 'project', ...(organization ? ['write:org'] : [])])) return role;
  if (scopesAllow(scopes, ['read:project', ...(organization ? ['read:org'] : [])])) return lowestProjectRole(role, 'read');
  return lowestProjectRole(role, facts.private ? 'none' : 'read');
}

function grantedProjectRole(facts: ProjectAccessFacts): ProjectRole {
  const { caller } = facts;
  // The repository's role, a site administrator's included (capped there by its scopes).
  if (facts.ownerKind === 'repository') return fromRepositoryRole(facts.repositoryRole);
  if (caller?.siteAdmin) return 'admin';
  const everyone: ProjectRole = facts.private ? 'none' : 'read';
  if (caller === null) return everyone;
  const granted = facts.collaboratorPermission ?? 'none';
  if (facts.ownerKind === 'user') return caller.userId === facts.ownerId ? 'admin' : highestProjectRole(everyone, granted);
  if (facts.organizationRole === 'admin') return 'admin';
  const membership: ProjectRole = facts.organizationRole === 'member' ? facts.organizationPermission : 'none';
  return highestProjectRole(everyone, membership, granted);
}

// What a PATCH of a project needs: its name and body are write's (GitHub's "edit a project
// board"); its organization_permission and visibility admin's; closing and reopening a user's
// project admin's too, as GitHub's permission levels for user-owned project boards list them
// among the owner's and admins' alone (write collaborators may not).
export function permissionToUpdate(ownerKind: ProjectOwnerKind, changes: Partial<ProjectSettings>): ProjectPermission {
  if (changes.organizationPermission !== undefined || changes.private !== undefined) return 'admin';
  if (changes.state !== undefined && ownerKind === 'user') return 'admin';
  return 'write';
}
