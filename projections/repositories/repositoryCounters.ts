import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

export type RepositoryCounter = 'forks_count' | 'private_forks_count' | 'stargazers_count' | 'subscribers_count';

// A new repository has no forks, stars or subscribers yet: nothing can precede its creation.
export const NO_COUNTS: Readonly<Record<RepositoryCounter, number>> = {
  forks_count: 0,
  private_forks_count: 0,
  stargazers_count: 0,
  subscribers_count: 0,
};

// Counters move by increments, never by recounting (a count would cost what came before).
// Every caller moves one only after a guarded write of what it counts reported a change (a
// star inserted or deleted by this application, a fork's repository created or deleted),
// so applying an event a second time moves nothing.
export async function countOn(repositoryId: number | null, counter: RepositoryCounter, delta: 1 | -1, target: ProjectionTarget): Promise<void> {
  if (repositoryId === null) return;
  await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).updateOne({ _id: String(repositoryId) }, { $inc: { [counter]: delta } });
}
