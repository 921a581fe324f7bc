import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { REF_EVENT_TYPES } from '../../domain/gitdata/refMoved.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { languagesOnEvent, mainLanguage, type RepositoryLanguagesDocument } from './repositoryLanguages.js';

// The users index keeps its own reading of each repository's languages (its lane runs apart
// from the repositories index's), and each account's language: the most common language of
// its public repositories, as GitHub's `language:` qualifier on users means it.
export const USER_REPOSITORY_LANGUAGES_COLLECTION = 'search_user_repository_languages';
export const USER_LANGUAGES_COLLECTION = 'search_user_languages';

interface UserLanguageDocument extends Document {
  _id: string; // String(owner_id)
  language: string;
}

// What may change a repository's language, its visibility or its owner.
const REPOSITORY_EVENTS: ReadonlySet<string> = new Set(['RepositoryCreated', 'RepositoryEdited', 'RepositoryTransferred', 'RepositoryDeleted']);

const repositoryLanguages = (target: ProjectionTarget) => target.collection<RepositoryLanguagesDocument>(USER_REPOSITORY_LANGUAGES_COLLECTION);
const userLanguages = (target: ProjectionTarget) => target.collection<UserLanguageDocument>(USER_LANGUAGES_COLLECTION);
const repositories = (target: ProjectionTarget) => target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);

export async function userLanguageOf(target: ProjectionTarget, accountId: number): Promise<string> {
  return (await userLanguages(target).findOne({ _id: String(accountId) }))?.language ?? '';
}

// Counted again from the account's public repositories, only when one of them changed
// language, visibility or owner: never on the account's other events.
async function recount(target: ProjectionTarget, ownerId: number): Promise<void> {
  const owned = await repositories(target).find({ owner_id: ownerId, private: false });
  const read = owned.length === 0 ? [] : await repositoryLanguages(target).find({ _id: { $in: owned.map((repository) => String(repository.id)) } });
  const repositoriesByLanguage: Record<string, number> = {};
  for (const languages of read) {
    const language = mainLanguage(languages.bytes);
    if (language !== '') repositoriesByLanguage[language] = (repositoriesByLanguage[language] ?? 0) + 1;
  }
  const _id = String(ownerId);
  await userLanguages(target).replaceOne({ _id }, { _id, language: mainLanguage(repositoriesByLanguage) }, { upsert: true });
}

// The accounts whose language this event may have changed, counted again.
export async function userLanguagesOnEvent(dependencies: ProjectionDependencies, event: StoredEvent, target: ProjectionTarget): Promise<number[]> {
  const data = event.data as { repositoryId?: number; ownerId?: number; fromOwnerId?: number; toOwnerId?: number; changes?: { private?: boolean } };
  if (typeof data.repositoryId !== 'number' || !(REF_EVENT_TYPES.has(event.type) || REPOSITORY_EVENTS.has(event.type))) return [];
  const languageOf = async () => mainLanguage((await repositoryLanguages(target).findOne({ _id: String(data.repositoryId) }))?.bytes);
  const before = await languageOf();
  const read = await languagesOnEvent(dependencies, repositoryLanguages(target), event, target);
  const after = await languageOf();
  const owners = new Set<number | undefined>();
  if (read !== null && !read.repository.private && before !== after) owners.add(read.repository.owner_id);
  if (event.type === 'RepositoryTransferred') [data.fromOwnerId, data.toOwnerId].forEach((owner) => owners.add(owner));
  if (event.type === 'RepositoryDeleted' && before !== '') owners.add(data.ownerId);
  // A visibility change (with or without a new default branch in the same edit) counts the
  // repository in or out of its owner's.
  if (event.type === 'RepositoryEdited' && data.changes?.private !== undefined && (before !== '' || after !== '')) {
    owners.add((await repositories(target).findOne({ _id: String(data.repositoryId) }))?.owner_id);
  }
  const counted = [...owners].filter((owner): owner is number => typeof owner === 'number');
  for (const owner of counted) await recount(target, owner);
  return counted;
}
