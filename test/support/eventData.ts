import type { UserCreated } from '../../domain/accounts/user.events.js';
import type { RepositoryCreated } from '../../domain/repositories/repository.events.js';

// The data of domain events that specs and benches apply to projections directly: what the
// deciders would record for a plain user and a plain repository (public, no fork, no commit).

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
