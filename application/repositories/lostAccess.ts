import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { pairId, type RepositoryStarDocument, type RepositorySubscriptionDocument } from './repositories.readModel.js';
import type { RepositoryQueries } from './repository.queries.js';

// What a user lost access to, so what LostAccessStars and LostAccessForks look among: one
// repository's (a collaborator removed) or an organization's repositories (a member removed);
// only those, as nothing else's access changed.
export type LostAccess = { readonly repositoryIds: readonly number[] } | { readonly ownerId: number };

// Of the user's stars or subscriptions (one document per repository and user, carrying the
// repository's visibility and owner) to private repositories among those the access lost was
// to, the repositories they may no longer read: one repository's document looked up (a
// collaborator removed) or an organization's, by index (a member removed), not every private
// one the user has.
export async function unreadableAmongTheirs(
  store: ReadModelStore,
  collection: string,
  repositories: RepositoryQueries,
  access: RepositoryAccessQuery,
  user: Pick<UserDocument, 'id' | 'site_admin'>,
  lost: LostAccess,
): Promise<number[]> {
  const scope = 'ownerId' in lost ? { owner_id: lost.ownerId } : { _id: { $in: lost.repositoryIds.map((repositoryId) => pairId(repositoryId, user.id)) } };
  const held = await store.collection<RepositoryStarDocument | RepositorySubscriptionDocument>(collection).find({ ...scope, user_id: user.id, private: true });
  if (held.length === 0) return [];
  const reader = { userId: user.id, siteAdmin: user.site_admin };
  const unreadable: number[] = [];
  for (const repository of await repositories.byIds(held.map((document) => document.repository_id)))
    if ((await access.roleFor(reader, repository)) === 'none') unreadable.push(repository.id);
  return unreadable;
}
