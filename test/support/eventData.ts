import type { UserCreated } from '../../domain/accounts/user.events.js';
import type { ProjectCreated } from '../../domain/projects/project.events.js';
import type { RepositoryCreated } from '../../domain/repositories/repository.events.js';

// The data of domain events that specs and benches apply to projections directly: what the
// deciders would record for a plain user, a plain repository (public, no fork, no commit) and
// a plain user's project.

export function userCreatedData(userId: number, createdAt: string): UserCreated['data'] {
  return { userId, login: `user${userId}`, email: null, name: null, passwordHash: null, siteAdmin: false, createdAt };
}

export function repositoryCreatedData(
  repository: Pick<RepositoryCreated['data'], 'repositoryId' | 'ownerId' | 'name' | 'createdAt'>,
): RepositoryCreated['data'] {
  return {
    ...repository,
    ownerType: 'User',
    description: null,
    homepage: null,
    private: false,
    hasIssues: true,
    hasProjects: true,
    hasWiki: true,
    defaultBranch: 'main',
    fork: null,
    initialCommit: null,
  };
}

export function projectCreatedData(projectId: number, ownerId: number, createdAt: string): ProjectCreated['data'] {
  return {
    projectId,
    ownerKind: 'user',
    ownerId,
    number: 1,
    name: 'Board',
    body: null,
    state: 'open',
    organizationPermission: 'none',
    private: false,
    creatorId: ownerId,
    createdAt,
  };
}
