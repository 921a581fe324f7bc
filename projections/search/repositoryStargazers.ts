import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { IndexSpec } from '../../application/shared/ports/readModelStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// Who starred which repository, kept by the repositories index. A deleted user's stars leave
// the repositories read model (their counts go down) with no event naming the repositories:
// their documents' star counts are refreshed from what is kept here.
export const REPOSITORY_STARGAZERS_COLLECTION = 'search_repository_stargazers';
export const REPOSITORY_STARGAZERS_INDEXES: readonly IndexSpec[] = [
  { name: 'user_id', keys: { user_id: 1 } },
  { name: 'repository_id', keys: { repository_id: 1 } },
];

interface StargazerDocument {
  _id: string; // `${repository_id}:${user_id}`
  repository_id: number;
  user_id: number;
  [key: string]: unknown;
}

const stargazers = (target: ProjectionTarget) => target.collection<StargazerDocument>(REPOSITORY_STARGAZERS_COLLECTION);

// Keeps the stars as they come and go; answers the repositories a deleted user had starred.
export async function followStargazers(event: StoredEvent, target: ProjectionTarget): Promise<readonly number[]> {
  const data = event.data as { repositoryId?: number; userId?: number };
  switch (event.type) {
    case 'RepositoryStarred': {
      const _id = `${data.repositoryId}:${data.userId}`;
      await stargazers(target).replaceOne({ _id }, { _id, repository_id: data.repositoryId!, user_id: data.userId! }, { upsert: true });
      return [];
    }
    case 'RepositoryUnstarred':
      await stargazers(target).deleteOne({ _id: `${data.repositoryId}:${data.userId}` });
      return [];
    case 'RepositoryDeleted':
      await stargazers(target).deleteMany({ repository_id: data.repositoryId! });
      return [];
    case 'UserDeleted': {
      const starred = await stargazers(target).find({ user_id: data.userId! });
      await stargazers(target).deleteMany({ user_id: data.userId! });
      return starred.map((star) => star.repository_id);
    }
    default:
      return [];
  }
}
