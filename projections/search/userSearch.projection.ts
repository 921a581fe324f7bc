import { USERS_COLLECTION, type UserDocument } from '../../application/accounts/users.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { indexedTime, SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import type { UserSearchDocument } from '../../application/search/userSearch.js';
import { wordsOf } from '../../application/search/searchWords.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import { REF_EVENT_TYPES } from '../../domain/gitdata/refMoved.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import {
  USER_COUNTED_REPOSITORIES_COLLECTION,
  USER_LANGUAGES_COLLECTION,
  USER_REPOSITORY_LANGUAGES_COLLECTION,
  userLanguageOf,
  userLanguagesOnEvent,
} from './userLanguages.js';

function documentOf(account: UserDocument, language: string): UserSearchDocument {
  const email = account.email_public === true ? (account.email ?? '') : '';
  return {
    id: account.id,
    login: account.login,
    name: account.name ?? '',
    email,
    location: account.location ?? '',
    name_words: wordsOf(account.name),
    location_words: wordsOf(account.location),
    type: account.type,
    repos: account.public_repos,
    followers: account.followers,
    created: indexedTime(account.created_at)!,
    language,
  };
}

async function refresh(target: ProjectionTarget, accountId: number): Promise<void> {
  const index = target.searchIndexName(SEARCH_INDEXES.users);
  const account = await target.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: String(accountId) });
  if (account === null) return target.search.delete(index, [accountId]);
  await target.search.upsert(index, [documentOf(account, await userLanguageOf(target, accountId))]);
}

type Data = Readonly<Record<string, unknown>>;

// What accountsTouched and userLanguagesOnEvent look at (a ref move may change a language).
const ACCOUNT_EVENTS = [
  'UserCreated',
  'UserRenamed',
  'UserDeleted',
  'UserProfileUpdated',
  'UserFollowed',
  'UserUnfollowed',
  'OrganizationCreated',
  'OrganizationUpdated',
  'RepositoryCreated',
  'RepositoryDeleted',
  'RepositoryTransferred',
  'RepositoryEdited',
];
const ids = (...values: unknown[]): number[] => values.filter((value): value is number => typeof value === 'number');

// The accounts an event may change the document of: the account itself (profile, login,
// followers) or the owner of a repository it creates, deletes, moves or turns private or
// public (public_repos). A RepositoryEdited names the repository only: its owner is read.
async function accountsTouched(event: StoredEvent, target: ProjectionTarget): Promise<number[]> {
  const data = event.data as Data;
  switch (event.type) {
    case 'UserCreated':
    case 'UserRenamed':
    case 'UserDeleted':
    case 'UserProfileUpdated':
      return ids(data.userId);
    case 'UserFollowed':
    case 'UserUnfollowed':
      return ids(data.targetId);
    case 'OrganizationCreated':
    case 'OrganizationUpdated':
      return ids(data.orgId);
    case 'RepositoryCreated':
    case 'RepositoryDeleted':
      return ids(data.ownerId);
    case 'RepositoryTransferred':
      return ids(data.fromOwnerId, data.toOwnerId);
    case 'RepositoryEdited': {
      if ((data.changes as Data | undefined)?.private === undefined) return [];
      const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(data.repositoryId) });
      // Gone already: its RepositoryDeleted, still to come, refreshes the owner.
      return repository === null ? [] : [repository.owner_id];
    }
    default:
      return [];
  }
}

// The users index (GET /search/users): one document per user and organization, rebuilt from
// the users read model whenever an event touches the account; the runner hands this
// projection an event only after the read-your-writes models applied it.
export const userSearchProjection = (dependencies: ProjectionDependencies): Projection => ({
  name: 'search-users',
  // 2: language; 3: languages counted by increments; 4: each repository's language kept beside
  // its bytes (the shape search-repositories keeps)
  version: 4,
  consistency: 'eventual',
  readsReadYourWritesModels: true,
  collections: [{ name: USER_REPOSITORY_LANGUAGES_COLLECTION }, { name: USER_LANGUAGES_COLLECTION }, { name: USER_COUNTED_REPOSITORIES_COLLECTION }],
  eventTypes: new Set([...ACCOUNT_EVENTS, ...REF_EVENT_TYPES]),
  searchIndexes: [
    {
      name: SEARCH_INDEXES.users,
      settings: {
        primaryKey: 'id',
        searchableAttributes: ['login', 'name', 'email'],
        filterableAttributes: ['id', 'type', 'name_words', 'location_words', 'repos', 'followers', 'created', 'language'],
        sortableAttributes: ['followers', 'repos', 'created'],
        rangeAttributes: ['repos', 'followers', 'created'],
      },
    },
  ],
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    const languageChanged = await userLanguagesOnEvent(dependencies, event, target);
    for (const accountId of new Set([...(await accountsTouched(event, target)), ...languageChanged])) await refresh(target, accountId);
  },
});
