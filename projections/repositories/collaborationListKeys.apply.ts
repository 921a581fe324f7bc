import { USERS_COLLECTION, type UserDocument } from '../../application/accounts/users.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  fullNameKey,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
} from '../../application/repositories/repositories.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { UserRenamed } from '../../domain/accounts/user.events.js';

// A collaboration carries its repository's visibility and the keys its lists sort by, so a
// user's collaborations page from an ordered index (repositoryLists.query.ts). Each event
// that moves one of them rewrites the repository's collaborations, found by index: what the
// event changes. The owner's login is the users projection's, applied before this one in
// the same lane; in a rebuild of this projection alone it may be newer than the event, and
// the renames replayed after it set the login the log ends with.

export type CollaborationListKeys = Pick<
  RepositoryCollaboratorDocument,
  'private' | 'repository_created_at' | 'repository_updated_at' | 'repository_pushed_at' | 'full_name_key'
>;

const collaborators = (target: ProjectionTarget) => target.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);

export function listKeysOf(repository: RepositoryDocument, ownerLogin: string): CollaborationListKeys {
  return {
    private: repository.private,
    repository_created_at: repository.created_at,
    repository_updated_at: repository.updated_at,
    repository_pushed_at: repository.pushed_at,
    full_name_key: fullNameKey(ownerLogin, repository.name),
  };
}

// The keys of a repository as the models hold it now (null: it is gone).
export async function currentListKeys(target: ProjectionTarget, repositoryId: number): Promise<CollaborationListKeys | null> {
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (!repository) return null;
  const owner = await target.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: String(repository.owner_id) }, { projection: { login: 1 } });
  return listKeysOf(repository, owner?.login ?? '');
}

// An edit, an archive, a rename, a transfer, new topics (each moves updated_at, some the
// visibility or the full name): the repository's collaborations take its keys again.
export async function refreshCollaborationKeys(target: ProjectionTarget, repositoryId: number): Promise<void> {
  const keys = await currentListKeys(target, repositoryId);
  if (keys !== null) await collaborators(target).updateMany({ repository_id: repositoryId }, { $set: keys });
}

// A push: the repository's collaborations take its pushed_at (only forward, as the repository's).
export async function pushCollaborationKeys(target: ProjectionTarget, repositoryId: number, pushedAt: string): Promise<void> {
  await collaborators(target).updateMany(
    { repository_id: repositoryId, repository_pushed_at: { $lt: pushedAt } },
    { $set: { repository_pushed_at: pushedAt } },
  );
}

// An owner's new login: the collaborations on its repositories (by the `owner_id` index), each
// with its repository's name, which the key keeps after the login (a login holds no '/').
export async function renameOwnerInCollaborationKeys(target: ProjectionTarget, data: UserRenamed['data']): Promise<void> {
  for (const collaboration of await collaborators(target).find({ owner_id: data.userId }, { projection: { _id: 1, full_name_key: 1 } })) {
    const key = collaboration.full_name_key ?? '';
    const name = key.slice(key.indexOf('/') + 1);
    await collaborators(target).updateOne({ _id: collaboration._id }, { $set: { full_name_key: fullNameKey(data.login, name) } });
  }
}
