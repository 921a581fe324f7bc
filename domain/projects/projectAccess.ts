import type { RepositoryPermission } from '../shared/access.js';
import type { OrganizationProjectPermission, ProjectOwnerKind, ProjectPermission } from './project.events.js';

export type ProjectRole = 'none' | ProjectPermission;

// What the access decision needs to know, loaded by application/projects/projectAccess.query.ts.
export interface ProjectAccessFacts {
  readonly caller: { readonly userId: number; readonly siteAdmin: boolean } | null;
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
  const { caller } = facts;
  if (caller?.siteAdmin) return 'admin';
  const everyone: ProjectRole = facts.private ? 'none' : 'read';
  if (facts.ownerKind === 'repository') return fromRepositoryRole(facts.repositoryRole);
  if (caller === null) return everyone;
  const granted = facts.collaboratorPermission ?? 'none';
  if (facts.ownerKind === 'user') return caller.userId === facts.ownerId ? 'admin' : highestProjectRole(everyone, granted);
  if (facts.organizationRole === 'admin') return 'admin';
  const membership: ProjectRole = facts.organizationRole === 'member' ? facts.organizationPermission : 'none';
  return highestProjectRole(everyone, membership, granted);
}
