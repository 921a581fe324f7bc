import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { indexedTime, SEARCH_INDEXES, type RepositoryBound } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { SearchDocument } from '../../application/shared/ports/searchIndex.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import { applyHelpWanted, HELP_WANTED_INDEX, HELP_WANTED_ISSUES_COLLECTION, helpWantedIssues } from './helpWantedIssues.js';

export interface RepositorySearchDocument extends SearchDocument, RepositoryBound {
  id: number;
  name: string;
  description: string;
  topics: string[];
  topics_count: number;
  readme: string;
  size: number;
  forks: number;
  stars: number;
  language: string;
  created: number;
  pushed: number;
  updated: number;
  archived: boolean;
  fork: boolean;
  mirror: boolean;
  template: boolean;
  help_wanted_issues: number;
}

// Events that name a repository whose document may change: its own, its stars, its refs
// (pushed). A fork changes its parent's count; issues and labels its help-wanted count.
const REPOSITORY_EVENTS = new Set([
  'RepositoryCreated',
  'RepositoryEdited',
  'RepositoryArchived',
  'RepositoryUnarchived',
  'RepositoryRenamed',
  'RepositoryTransferred',
  'RepositoryTopicsReplaced',
  'RepositoryDeleted',
  'RepositoryStarred',
  'RepositoryUnstarred',
  'RefCreated',
  'RefUpdated',
  'RefDeleted',
]);

async function documentOf(target: ProjectionTarget, repository: RepositoryDocument): Promise<RepositorySearchDocument> {
  return {
    id: repository.id,
    repository_id: repository.id,
    owner_id: repository.owner_id,
    public: !repository.private,
    name: repository.name,
    description: repository.description ?? '',
    topics: [...repository.topics],
    topics_count: repository.topics.length,
    readme: '',
    size: 0,
    forks: repository.forks_count,
    stars: repository.stargazers_count,
    language: '',
    created: indexedTime(repository.created_at)!,
    pushed: indexedTime(repository.pushed_at)!,
    updated: indexedTime(repository.updated_at)!,
    archived: repository.archived,
    fork: repository.fork,
    mirror: false,
    template: false,
    help_wanted_issues: await helpWantedIssues(target, repository.id),
  };
}

async function refresh(target: ProjectionTarget, repositoryId: number): Promise<void> {
  const index = target.searchIndexName(SEARCH_INDEXES.repositories);
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (repository === null) return target.search.delete(index, [repositoryId]);
  await target.search.upsert(index, [await documentOf(target, repository)]);
}

// The repositories index (GET /search/repositories). Each document is rebuilt from the
// repositories read model whenever an event touches its repository: the runner hands this
// projection an event only after the read-your-writes models applied it.
export const repositorySearchProjection: Projection = {
  name: 'search-repositories',
  // 2: help-wanted issues kept per issue, not recounted
  version: 2,
  consistency: 'eventual',
  readsReadYourWritesModels: true,
  collections: [{ name: HELP_WANTED_ISSUES_COLLECTION, indexes: [HELP_WANTED_INDEX] }],
  searchIndexes: [
    {
      name: SEARCH_INDEXES.repositories,
      settings: {
        primaryKey: 'id',
        searchableAttributes: ['name', 'description', 'topics', 'readme'],
        filterableAttributes: [
          'id',
          'repository_id',
          'owner_id',
          'public',
          'size',
          'forks',
          'stars',
          'topics',
          'topics_count',
          'language',
          'created',
          'pushed',
          'archived',
          'fork',
          'mirror',
          'template',
        ],
        sortableAttributes: ['stars', 'forks', 'help_wanted_issues', 'updated'],
      },
    },
  ],
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    const helpWantedChanged = await applyHelpWanted(event, target);
    if (helpWantedChanged !== null) return refresh(target, helpWantedChanged);
    if (!REPOSITORY_EVENTS.has(event.type)) return;
    const data = event.data as { repositoryId?: number; fork?: { parentId?: number } | null };
    if (typeof data.repositoryId !== 'number') return;
    await refresh(target, data.repositoryId);
    if (event.type === 'RepositoryCreated' && typeof data.fork?.parentId === 'number') await refresh(target, data.fork.parentId);
  },
};
