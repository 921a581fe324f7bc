import { REPOSITORIES_COLLECTION, visibleForksCount, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { DELETED_COPIES_COLLECTIONS, deletedCopyId, type DeletedCopyDocument } from '../../application/shared/deletedCopies.js';
import { indexedTime, SEARCH_INDEXES, type RepositoryBound } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { SearchDocument } from '../../application/shared/ports/searchIndex.port.js';
import { onceThisBatch, type Projection, type ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { RepositoryCreated } from '../../domain/repositories/repository.events.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { applyHelpWanted, goodFirstIssues, HELP_WANTED_INDEX, HELP_WANTED_ISSUES_COLLECTION, helpWantedIssues } from './helpWantedIssues.js';
import { REPOSITORY_LANGUAGES_COLLECTION } from '../../application/search/repositoryLanguages.js';
import { languagesOnEvent, mainLanguage, type RepositoryLanguagesDocument } from './repositoryLanguages.js';
import { readmeAt, saveReadme, touchesReadme, type RepositoryReadmeDocument } from './repositoryReadme.js';
import { followStargazers, REPOSITORY_STARGAZERS_COLLECTION, REPOSITORY_STARGAZERS_INDEXES } from './repositoryStargazers.js';

// What each repository's default branch holds, by language, and its README: read from git as
// the branch moves, kept so that every other event rebuilds the document without git.
export { REPOSITORY_LANGUAGES_COLLECTION };
export const REPOSITORY_READMES_COLLECTION = 'search_repository_readmes';

const languages = (target: ProjectionTarget) => target.collection<RepositoryLanguagesDocument>(REPOSITORY_LANGUAGES_COLLECTION);
const readmes = (target: ProjectionTarget) => target.collection<RepositoryReadmeDocument>(REPOSITORY_READMES_COLLECTION);

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
  good_first_issues: number;
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
  const _id = String(repository.id);
  const [bytes, readme] = await Promise.all([languages(target).findOne({ _id }), readmes(target).findOne({ _id })]);
  return {
    id: repository.id,
    repository_id: repository.id,
    owner_id: repository.owner_id,
    public: !repository.private,
    name: repository.name,
    description: repository.description ?? '',
    topics: [...repository.topics],
    topics_count: repository.topics.length,
    readme: readme?.text ?? '',
    size: 0,
    forks: visibleForksCount(repository),
    stars: repository.stargazers_count,
    language: mainLanguage(bytes?.bytes),
    created: indexedTime(repository.created_at)!,
    pushed: indexedTime(repository.pushed_at)!,
    updated: indexedTime(repository.updated_at)!,
    archived: repository.archived,
    fork: repository.fork,
    mirror: false,
    template: false,
    help_wanted_issues: await helpWantedIssues(target, repository.id),
    good_first_issues: await goodFirstIssues.count(target, repository.id),
  };
}

// Once per batch of events: a repository's issues change its help-wanted count one by one.
function refresh(target: ProjectionTarget, repositoryId: number): Promise<void> {
  return onceThisBatch(target, String(repositoryId), (settled) => refreshNow(settled, repositoryId));
}

async function refreshNow(target: ProjectionTarget, repositoryId: number): Promise<void> {
  const index = target.searchIndexName(SEARCH_INDEXES.repositories);
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (repository === null) return target.search.delete(index, [repositoryId]);
  await target.search.upsert(index, [await documentOf(target, repository)]);
}

// A repository's language and README follow its default branch; a repository made with a
// README has it from its event (its first commit is written after).
async function followContents(dependencies: ProjectionDependencies, event: StoredEvent, target: ProjectionTarget): Promise<void> {
  if (event.type === 'RepositoryCreated') {
    const { repositoryId, initialCommit } = event.data as RepositoryCreated['data'];
    if (initialCommit !== null) await saveReadme(readmes(target), repositoryId, initialCommit.readme);
  }
  if (event.type === 'RepositoryDeleted') await readmes(target).deleteOne({ _id: String((event.data as { repositoryId: number }).repositoryId) });
  const read = await languagesOnEvent(dependencies, languages(target), event, target);
  if (read === null || !touchesReadme(read.files)) return;
  await saveReadme(readmes(target), read.repository.id, await readmeAt(dependencies.git(), read.repository.id, read.commit));
}

// A fork created, deleted or changing visibility changes its parent's count of forks. A
// deleted fork's parent is read from the copy the repositories projection kept of it (on a
// rebuild, long after, the parent's own events refresh it from the final counts).
async function parentWhoseForksChanged(event: StoredEvent, target: ProjectionTarget): Promise<number | null> {
  const data = event.data as { repositoryId: number; fork?: { parentId?: number } | null; changes?: { private?: boolean } };
  if (event.type === 'RepositoryCreated') return typeof data.fork?.parentId === 'number' ? data.fork.parentId : null;
  if (event.type === 'RepositoryEdited' && data.changes?.private !== undefined) {
    const fork = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(data.repositoryId) });
    return fork?.parent_id ?? null;
  }
  if (event.type === 'RepositoryDeleted') {
    const copies = target.collection<DeletedCopyDocument<RepositoryDocument>>(DELETED_COPIES_COLLECTIONS.repository);
    const copy = await copies.findOne({ _id: deletedCopyId('repository', data.repositoryId) });
    return copy?.document.parent_id ?? null;
  }
  return null;
}

// A change of visibility detached the repository's forks of the other visibility (the
// repositories projection: made private, its public forks; made public, its private forks):
// each is no fork now (found without fork:true), by the index of what they were detached from.
async function forksDetachedBy(event: StoredEvent, target: ProjectionTarget): Promise<number[]> {
  const data = event.data as { repositoryId: number; changes?: { private?: boolean } };
  if (event.type !== 'RepositoryEdited' || data.changes?.private === undefined) return [];
  const forks = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).find({ detached_from_id: data.repositoryId }, { projection: { id: 1 } });
  return forks.map((fork) => fork.id);
}

// The repositories index (GET /search/repositories). Each document is rebuilt from the
// repositories read model whenever an event touches its repository: the runner hands this
// projection an event only after the read-your-writes models applied it.
export const repositorySearchProjection = (dependencies: ProjectionDependencies): Projection => ({
  name: 'search-repositories',
  // 2: help-wanted issues kept per issue, not recounted; 3: language and README; 4: stargazers
  // kept, so a deleted user's stars leave the counts; 5: each repository's language kept and
  // indexed beside its bytes, which issue search's language: reads; 6: forks counts only what
  // the repository shows (a public one's public forks), and follows forks deleted or made public;
  // 7: good-first-issues kept per issue as help-wanted ones are; 8: forks detached from a
  // repository made private are no forks; 9: nor are those detached from one made public
  version: 9,
  consistency: 'eventual',
  readsReadYourWritesModels: true,
  collections: [
    { name: HELP_WANTED_ISSUES_COLLECTION, indexes: [HELP_WANTED_INDEX] },
    { name: goodFirstIssues.collection, indexes: [goodFirstIssues.index] },
    { name: REPOSITORY_LANGUAGES_COLLECTION },
    { name: REPOSITORY_READMES_COLLECTION },
    { name: REPOSITORY_STARGAZERS_COLLECTION, indexes: REPOSITORY_STARGAZERS_INDEXES },
  ],
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
          'help_wanted_issues',
          'good_first_issues',
          'language',
          'created',
          'pushed',
          'archived',
          'fork',
          'mirror',
          'template',
        ],
        sortableAttributes: ['stars', 'forks', 'help_wanted_issues', 'updated'],
        rangeAttributes: ['size', 'forks', 'stars', 'topics_count', 'help_wanted_issues', 'good_first_issues', 'created', 'pushed'],
      },
    },
  ],
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    // An issue or label event changes at most one repository's counts; each count is kept.
    const helpWantedChanged = await applyHelpWanted(event, target);
    const goodFirstChanged = await goodFirstIssues.apply(event, target);
    for (const changed of new Set([helpWantedChanged, goodFirstChanged])) if (changed !== null) await refresh(target, changed);
    if (helpWantedChanged !== null || goodFirstChanged !== null) return;
    for (const starred of await followStargazers(event, target)) await refresh(target, starred);
    if (!REPOSITORY_EVENTS.has(event.type)) return;
    await followContents(dependencies, event, target);
    const data = event.data as { repositoryId?: number; fork?: { parentId?: number } | null };
    if (typeof data.repositoryId !== 'number') return;
    await refresh(target, data.repositoryId);
    const parentId = await parentWhoseForksChanged(event, target);
    if (parentId !== null) await refresh(target, parentId);
    for (const detached of await forksDetachedBy(event, target)) await refresh(target, detached);
  },
});
