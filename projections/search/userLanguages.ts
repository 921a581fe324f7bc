import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { REF_EVENT_TYPES } from '../../domain/gitdata/refMoved.js';
import type { RepositoryCreated, RepositoryEdited, RepositoryTransferred } from '../../domain/repositories/repository.events.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { languagesOnEvent, mainLanguage, type RepositoryLanguagesDocument } from './repositoryLanguages.js';

// The users index keeps its own reading of each repository's languages (its lane runs apart
// from the repositories index's), and each account's language: the most common language of
// its public repositories, as GitHub's `language:` qualifier on users means it.
export const USER_REPOSITORY_LANGUAGES_COLLECTION = 'search_user_repository_languages';
export const USER_LANGUAGES_COLLECTION = 'search_user_languages';
// Each repository's owner and visibility, as this lane's events left them, and the language
// it is counted under in its owner's ('' : counted nowhere).
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
  private: boolean;
  counted: string;
}

// What may change a repository's language, its visibility or its owner.
const REPOSITORY_EVENTS: ReadonlySet<string> = new Set(['RepositoryCreated', 'RepositoryEdited', 'RepositoryTransferred', 'RepositoryDeleted']);

const repositoryLanguages = (target: ProjectionTarget) => target.collection<RepositoryLanguagesDocument>(USER_REPOSITORY_LANGUAGES_COLLECTION);
const userLanguages = (target: ProjectionTarget) => target.collection<UserLanguageDocument>(USER_LANGUAGES_COLLECTION);
const countedRepositories = (target: ProjectionTarget) => target.collection<CountedRepositoryDocument>(USER_COUNTED_REPOSITORIES_COLLECTION);

export async function userLanguageOf(target: ProjectionTarget, accountId: number): Promise<string> {
  return (await userLanguages(target).findOne({ _id: String(accountId) }))?.language ?? '';
}

type Facts = Pick<CountedRepositoryDocument, 'owner_id' | 'private'>;

// The repository's owner and visibility after the event, from the event and the record alone:
// never from the repositories model, which may be ahead of this lane (a replay after a
// restart applies an event again, and must decide as it did the first time). Null: gone.
function factsAfter(event: StoredEvent, known: Facts | null): Facts | null {
  switch (event.type) {
    case 'RepositoryCreated': {
      const data = event.data as RepositoryCreated['data'];
      return { owner_id: data.ownerId, private: data.private };
    }
    case 'RepositoryEdited': {
      const { changes } = event.data as RepositoryEdited['data'];
      return known && changes.private !== undefined ? { ...known, private: changes.private } : known;
    }
    case 'RepositoryTransferred':
      return known && { ...known, owner_id: (event.data as RepositoryTransferred['data']).toOwnerId };
    case 'RepositoryDeleted':
      return null;
    default:
      return known;
  }
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

// The repository's record follows the event; when that guarded write changed it (an event
// applied again changes nothing), one count moves from what the repository was counted as
// to what it is now. The cost is the repository and its owner's languages, never the
// owner's repositories. Answers the owners whose counts moved.
async function recountRepository(target: ProjectionTarget, event: StoredEvent, repositoryId: number): Promise<number[]> {
  const _id = String(repositoryId);
  const record = await countedRepositories(target).findOne({ _id });
  const facts = factsAfter(event, record);
  const language = facts === null || facts.private ? '' : mainLanguage((await repositoryLanguages(target).findOne({ _id }))?.bytes);
  if (facts === null) {
    if (record === null || (await countedRepositories(target).deleteOne({ _id })) === 0) return [];
  } else {
    const next: CountedRepositoryDocument = { _id, owner_id: facts.owner_id, private: facts.private, counted: language };
    const written = await countedRepositories(target).replaceOne({ _id }, next, { upsert: true });
    if (written.modified === 0 && !written.upserted) return [];
  }
  const was = record === null || record.counted === '' ? null : { owner: record.owner_id, language: record.counted };
  const now = facts === null || language === '' ? null : { owner: facts.owner_id, language };
  if (was?.owner === now?.owner && was?.language === now?.language) return [];
  if (was !== null) await moveCount(target, was.owner, was.language, -1);
  if (now !== null) await moveCount(target, now.owner, now.language, 1);
  return [...new Set([was?.owner, now?.owner].filter((owner): owner is number => owner !== undefined))];
}

// The accounts whose language counts this event moved.
export async function userLanguagesOnEvent(dependencies: ProjectionDependencies, event: StoredEvent, target: ProjectionTarget): Promise<number[]> {
  const data = event.data as { repositoryId?: number };
  if (typeof data.repositoryId !== 'number' || !(REF_EVENT_TYPES.has(event.type) || REPOSITORY_EVENTS.has(event.type))) return [];
  await languagesOnEvent(dependencies, repositoryLanguages(target), event, target);
  return recountRepository(target, event, data.repositoryId);
}
