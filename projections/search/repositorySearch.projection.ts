import { ISSUES_COLLECTION, LABELS_COLLECTION, type IssueDocument, type LabelDocument } from '../../application/issues/issues.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { indexedTime, SEARCH_INDEXES, type RepositoryBound } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { SearchDocument } from '../../application/shared/ports/searchIndex.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';

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
// (pushed), its issues and labels (help-wanted-issues). A fork changes its parent's count.
const HELP_WANTED_EVENTS = new Set(['IssueOpened', 'IssueClosed', 'IssueReopened', 'IssueLabelsChanged', 'LabelCreated', 'LabelUpdated', 'LabelDeleted']);
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
  ...HELP_WANTED_EVENTS,
]);

const HELP_WANTED = 'help wanted';

async function helpWantedIssues(target: ProjectionTarget, repositoryId: number): Promise<number> {
  const label = await target.collection<LabelDocument>(LABELS_COLLECTION).findOne({ repository_id: repositoryId, name_key: HELP_WANTED });
  if (label === null) return 0;
  return target.collection<IssueDocument>(ISSUES_COLLECTION).count({ repository_id: repositoryId, state: 'open', label_ids: label.id });
}

async function documentOf(
  target: ProjectionTarget,
  repository: RepositoryDocument,
  event: StoredEvent,
  known: RepositorySearchDocument | null,
): Promise<RepositorySearchDocument> {
  const recount = known === null || HELP_WANTED_EVENTS.has(event.type);
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
    help_wanted_issues: recount ? await helpWantedIssues(target, repository.id) : known.help_wanted_issues,
  };
}

async function refresh(target: ProjectionTarget, repositoryId: number, event: StoredEvent): Promise<void> {
  const index = target.searchIndexName(SEARCH_INDEXES.repositories);
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (repository === null) return target.search.delete(index, [repositoryId]);
  const known = (await target.search.search<RepositorySearchDocument>(index, { q: '', filter: { field: 'id', op: '=', value: repositoryId }, limit: 1 }))
    .hits[0];
  await target.search.upsert(index, [await documentOf(target, repository, event, known?.document ?? null)]);
}

// The repositories index (GET /search/repositories). Each document is rebuilt from the
// repositories read model whenever an event touches its repository: the runner hands this
// projection an event only after the read-your-writes models applied it.
export const repositorySearchProjection: Projection = {
  name: 'search-repositories',
  version: 1,
  consistency: 'eventual',
  readsReadYourWritesModels: true,
  collections: [],
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
    if (!REPOSITORY_EVENTS.has(event.type)) return;
    const data = event.data as { repositoryId?: number; fork?: { parentId?: number } | null };
    if (typeof data.repositoryId !== 'number') return;
    await refresh(target, data.repositoryId, event);
    if (event.type === 'RepositoryCreated' && typeof data.fork?.parentId === 'number') await refresh(target, data.fork.parentId, event);
  },
};
