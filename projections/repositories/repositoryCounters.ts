import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  type RepositoryDocument,
} from '../../application/repositories/repositories.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// Counters are recounted, never incremented: an event applied twice leaves the same number.
export async function countersOf(repositoryId: number, target: ProjectionTarget) {
  return {
    forks_count: await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).count({ parent_id: repositoryId }),
    stargazers_count: await target.collection(REPOSITORY_STARS_COLLECTION).count({ repository_id: repositoryId }),
    subscribers_count: await target.collection(REPOSITORY_SUBSCRIPTIONS_COLLECTION).count({ repository_id: repositoryId, subscribed: true }),
  };
}

export async function recount(repositoryId: number | null, target: ProjectionTarget): Promise<void> {
  if (repositoryId === null) return;
  await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).updateOne({ _id: String(repositoryId) }, { $set: await countersOf(repositoryId, target) });
}
