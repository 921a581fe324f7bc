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
// What each repository is counted as in its owner's languages (absent: counted nowhere).
export const USER_COUNTED_REPOSITORIES_COLLECTION = 'search_user_counted_repositories';

interface UserLanguageDocument extends Document {
  _id: string; // String(owner_id)
  language: string;
  // Public repositories per main language, kept by increments: never recounted.
  repositories: Record<string, number>;
}

interface CountedRepositoryDocument extends Document {
  _id: string; // String(repository_id)
  owner_id: number;
  language: string;
}

// What may change a repository's language, its visibility or its owner.
const REPOSITORY_EVENTS: ReadonlySet<string> = new Set(['RepositoryCreated', 'RepositoryEdited', 'RepositoryTransferred', 'RepositoryDeleted']);

const repositoryLanguages = (target: ProjectionTarget) => target.collection<RepositoryLanguagesDocument>(USER_REPOSITORY_LANGUAGES_COLLECTION);
const userLanguages = (target: ProjectionTarget) => target.collection<UserLanguageDocument>(USER_LANGUAGES_COLLECTION);
const countedRepositories = (target: ProjectionTarget) => target.collection<CountedRepositoryDocument>(USER_COUNTED_REPOSITORIES_COLLECTION);
const repositories = (target: ProjectionTarget) => target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);

export async function userLanguageOf(target: ProjectionTarget, accountId: number): Promise<string> {
  return (await userLanguages(target).findOne({ _id: String(accountId) }))?.language ?? '';
}

// What the repository should count as now: its owner and main language while it is public
// and has one; null otherwise (private, gone, or no counted language).
async function countedAs(target: ProjectionTarget, repositoryId: number): Promise<{ owner_id: number; language: string } | null> {
  const repository = await repositories(target).findOne({ _id: String(repositoryId) });
  if (repository === null || repository.private) return null;
  const language = mainLanguage((await repositoryLanguages(target).findOne({ _id: String(repositoryId) }))?.bytes);
  return language === '' ? null : { owner_id: repository.owner_id, language };
}

async function moveCount(target: ProjectionTarget, ownerId: number, language: string, delta: 1 | -1): Promise<void> {
  const _id = String(ownerId);
  const known = await userLanguages(target).findOne({ _id });
  const counts: Record<string, number> = { ...known?.repositories };
  const count = (counts[language] ?? 0) + delta;
  if (count > 0) counts[language] = count;
  else delete counts[language];
  await userLanguages(target).replaceOne({ _id }, { _id, language: mainLanguage(counts), repositories: counts }, { upsert: true });
}

// The repository's count moves from what it was counted as (its record) to what it is now,
// so applying an event twice moves nothing the second time, and the cost is the repository
// and its owner's languages, never the owner's repositories. Answers the owners moved.
async function recountRepository(target: ProjectionTarget, repositoryId: number): Promise<number[]> {
  const _id = String(repositoryId);
  const was = await countedRepositories(target).findOne({ _id });
  const now = await countedAs(target, repositoryId);
  if (was?.owner_id === now?.owner_id && was?.language === now?.language) return [];
  if (was !== null) await moveCount(target, was.owner_id, was.language, -1);
  if (now !== null) await moveCount(target, now.owner_id, now.language, 1);
  if (now === null) await countedRepositories(target).deleteOne({ _id });
  else await countedRepositories(target).replaceOne({ _id }, { _id, ...now }, { upsert: true });
  return [...new Set([was?.owner_id, now?.owner_id].filter((owner): owner is number => owner !== undefined))];
}

// The accounts whose language counts this event moved.
export async function userLanguagesOnEvent(dependencies: ProjectionDependencies, event: StoredEvent, target: ProjectionTarget): Promise<number[]> {
  const data = event.data as { repositoryId?: number };
  if (typeof data.repositoryId !== 'number' || !(REF_EVENT_TYPES.has(event.type) || REPOSITORY_EVENTS.has(event.type))) return [];
  await languagesOnEvent(dependencies, repositoryLanguages(target), event, target);
  return recountRepository(target, data.repositoryId);
}
