import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import {
  pairId,
  REPOSITORIES_COLLECTION,
  type RepositoryDocument,
  type RepositoryStarDocument,
  type RepositorySubscriptionDocument,
} from './repositories.readModel.js';
import type { RepositoryQueries } from './repository.queries.js';

// What a user lost access to, so what LostAccessStars and LostAccessForks look among: one
// repository's (a collaborator removed) or an organization's repositories (a member removed);
// only those, as nothing else's access changed.
export type LostAccess = { readonly repositoryIds: readonly number[] } | { readonly ownerId: number };

type Held = RepositoryStarDocument | RepositorySubscriptionDocument;

// Keys per look-up by _id: a network's private forks are looked up a chunk at a time.
const LOOKUP_CHUNK = 256;

// Of the user's stars or subscriptions (one document per repository and user, carrying the
// repository's visibility and owner) to private repositories among those the access lost was
// to, the repositories they may no longer read: one repository's document looked up (a
// collaborator removed) or an organization's, by index (a member removed), not every private
// one the user has. The private forks read through what was lost are among them too (a
// private fork inherits its source's readers: whoever no longer reads the source stops
// reading the fork, and their star or subscription goes as it would on the source).
export async function unreadableAmongTheirs(
  store: ReadModelStore,
  collection: string,
  repositories: RepositoryQueries,
  access: RepositoryAccessQuery,
  user: Pick<UserDocument, 'id' | 'site_admin'>,
  lost: LostAccess,
): Promise<number[]> {
  const scope = 'ownerId' in lost ? { owner_id: lost.ownerId } : { _id: { $in: lost.repositoryIds.map((repositoryId) => pairId(repositoryId, user.id)) } };
  const held = await store.collection<Held>(collection).find({ ...scope, user_id: user.id, private: true });
  const onForks = await heldOnForksReadThrough(store, collection, user.id, lost);
  const repositoryIds = [...new Set([...held, ...onForks].map((document) => document.repository_id))];
  if (repositoryIds.length === 0) return [];
  const reader = { userId: user.id, siteAdmin: user.site_admin };
  const unreadable: number[] = [];
  for (const repository of await repositories.byIds(repositoryIds)) if ((await access.roleFor(reader, repository)) === 'none') unreadable.push(repository.id);
  return unreadable;
}

// The user's documents on the private forks that inherit their readers from what was lost: the
// forks whose source is the repository (`source_private`), or whose source the organization
// owns (`upstream_owner_private`), by index; then the user's document on each, by _id. What it
// costs is that network's private forks, each one whose reading may have changed.
async function heldOnForksReadThrough(store: ReadModelStore, collection: string, userId: number, lost: LostAccess): Promise<Held[]> {
  const filter = 'ownerId' in lost ? { upstream_owner_id: lost.ownerId, private: true } : { source_id: { $in: [...lost.repositoryIds] }, private: true };
  const forks = await store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).find(filter, { projection: { id: 1 } });
  const held: Held[] = [];
  for (let at = 0; at < forks.length; at += LOOKUP_CHUNK) {
    const ids = forks.slice(at, at + LOOKUP_CHUNK).map((fork) => pairId(fork.id, userId));
    held.push(...(await store.collection<Held>(collection).find({ _id: { $in: ids } })));
  }
  return held;
}
