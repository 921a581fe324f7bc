import type { RefMoved } from '../../domain/gitdata/refMoved.js';
import { REF_EVENT_TYPES } from '../../domain/gitdata/refMoved.js';
import type { RepositoryCreated, RepositoryEdited } from '../../domain/repositories/repository.events.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { CODE_SEARCH_INDEX_SETTINGS } from '../../application/search/codeSearch.js';
import { SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import {
  applyFileChanges,
  blobSha,
  codeDocument,
  codeDocumentId,
  deleteRepositoryDocuments,
  isSearchable,
  restampRepositoryDocuments,
  type IndexedVersion,
} from './codeSearchDocuments.js';
import { pushedFiles } from './pushedFiles.js';

// The tip of every branch as the log last recorded it, so that a change of default branch
// reindexes from the commit the log says, not from whatever git holds when it is replayed.
export const CODE_SEARCH_BRANCHES_COLLECTION = 'search_code_branches';
// Each repository's default branch, as its events set it.
export const CODE_SEARCH_REPOSITORIES_COLLECTION = 'search_code_repositories';

interface BranchTipDocument extends Document {
  _id: string; // `${repository_id}:${ref}`
  repository_id: number;
  ref: string;
  sha: string;
}

interface DefaultBranchDocument extends Document {
  _id: string; // String(repository_id)
  repository_id: number;
  default_branch: string;
}

const heads = (branch: string) => `refs/heads/${branch}`;
const branches = (target: ProjectionTarget) => target.collection<BranchTipDocument>(CODE_SEARCH_BRANCHES_COLLECTION);
const defaults = (target: ProjectionTarget) => target.collection<DefaultBranchDocument>(CODE_SEARCH_REPOSITORIES_COLLECTION);

async function searchableRepository(target: ProjectionTarget, repositoryId: number): Promise<RepositoryDocument | null> {
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  // GitHub leaves forks out of code search.
  return repository === null || repository.fork ? null : repository;
}

const versionOf = (event: StoredEvent, commit: string): IndexedVersion => ({ commit, indexed: Date.parse(event.metadata.occurredAt) });

async function indexDiff(target: ProjectionTarget, git: GitStorage, event: StoredEvent, repository: RepositoryDocument, from: string | null, to: string) {
  const diff = await pushedFiles(git, event, repository.id, from, to);
  if (diff === null) return;
  await applyFileChanges(target, git, repository, diff.changes, versionOf(event, to));
  if (diff.whole) await deleteRepositoryDocuments(target, repository.id, new Set(diff.changes.map((change) => codeDocumentId(repository.id, change.path))));
}

async function defaultBranchOf(target: ProjectionTarget, repository: RepositoryDocument): Promise<string> {
  return (await defaults(target).findOne({ _id: String(repository.id) }))?.default_branch ?? repository.default_branch;
}

async function refMoved(target: ProjectionTarget, git: GitStorage, event: StoredEvent): Promise<void> {
  const { repositoryId, ref, from, to } = event.data as RefMoved['data'];
  const tip = { _id: `${repositoryId}:${ref}` };
  if (to === null) await branches(target).deleteOne(tip);
  else await branches(target).replaceOne(tip, { ...tip, repository_id: repositoryId, ref, sha: to }, { upsert: true });
  const repository = await searchableRepository(target, repositoryId);
  if (repository === null || ref !== heads(await defaultBranchOf(target, repository))) return;
  if (to === null) return deleteRepositoryDocuments(target, repositoryId);
  await indexDiff(target, git, event, repository, from, to);
}

// The default branch changed: the repository is indexed again from that branch's tip.
async function defaultBranchChanged(target: ProjectionTarget, git: GitStorage, event: StoredEvent, repositoryId: number, branch: string): Promise<void> {
  await defaults(target).replaceOne(
    { _id: String(repositoryId) },
    { _id: String(repositoryId), repository_id: repositoryId, default_branch: branch },
    { upsert: true },
  );
  const repository = await searchableRepository(target, repositoryId);
  if (repository === null) return;
  const recorded = await branches(target).findOne({ _id: `${repositoryId}:${heads(branch)}` });
  // A branch no event moved yet (a fork's copy, the first commit) is where git has it.
  const tip = recorded?.sha ?? (await git.readRef(repositoryId, heads(branch)));
  if (tip === null) return deleteRepositoryDocuments(target, repositoryId);
  await indexDiff(target, git, event, repository, null, tip);
}

// A repository made with a README: its first commit is written after the event, so the file
// is indexed from what the event records (git's blob name computed the way git does), under
// the commit the event names (events recorded before it named one: the branch).
async function created(target: ProjectionTarget, event: StoredEvent): Promise<void> {
  const data = event.data as RepositoryCreated['data'];
  const id = String(data.repositoryId);
  await defaults(target).replaceOne({ _id: id }, { _id: id, repository_id: data.repositoryId, default_branch: data.defaultBranch }, { upsert: true });
  const repository = await searchableRepository(target, data.repositoryId);
  if (repository === null || data.initialCommit === null) return;
  const content = Buffer.from(data.initialCommit.readme, 'utf8');
  if (!isSearchable(content)) return;
  const document = codeDocument(repository, 'README.md', content, blobSha(content), versionOf(event, data.initialCommit.sha ?? data.defaultBranch));
  await target.search.upsert(target.searchIndexName(SEARCH_INDEXES.code), [document]);
}

async function deleted(target: ProjectionTarget, repositoryId: number): Promise<void> {
  await deleteRepositoryDocuments(target, repositoryId);
  await branches(target).deleteMany({ repository_id: repositoryId });
  await defaults(target).deleteOne({ _id: String(repositoryId) });
}

async function restamp(target: ProjectionTarget, repositoryId: number): Promise<void> {
  const repository = await searchableRepository(target, repositoryId);
  if (repository !== null) await restampRepositoryDocuments(target, repository);
}

// The default-branch files index (GET /search/code): each push's changed files only, read
// from git (diff from..to, blobs through cat-file); a visibility change or transfer restamps
// the repository's documents, a deletion drops them, a new default branch reindexes.
export function codeSearchProjection(git: () => GitStorage): Projection {
  return {
    name: 'search-code',
    version: 1,
    consistency: 'eventual',
    readsReadYourWritesModels: true,
    collections: [
      { name: CODE_SEARCH_BRANCHES_COLLECTION, indexes: [{ name: 'repository_id', keys: { repository_id: 1 } }] },
      { name: CODE_SEARCH_REPOSITORIES_COLLECTION },
    ],
    searchIndexes: [{ name: SEARCH_INDEXES.code, settings: CODE_SEARCH_INDEX_SETTINGS }],
    // What apply() below acts on; every other event leaves this model as it is.
    eventTypes: new Set([...REF_EVENT_TYPES, 'RepositoryCreated', 'RepositoryEdited', 'RepositoryTransferred', 'RepositoryDeleted']),
    async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
      if (REF_EVENT_TYPES.has(event.type)) return refMoved(target, git(), event);
      const repositoryId = (event.data as { repositoryId?: unknown }).repositoryId;
      if (typeof repositoryId !== 'number') return;
      switch (event.type) {
        case 'RepositoryCreated':
          return created(target, event);
        case 'RepositoryEdited': {
          const { changes } = event.data as RepositoryEdited['data'];
          if (changes.defaultBranch !== undefined) return defaultBranchChanged(target, git(), event, repositoryId, changes.defaultBranch);
          if (changes.private !== undefined) return restamp(target, repositoryId);
          return;
        }
        case 'RepositoryTransferred':
          return restamp(target, repositoryId);
        case 'RepositoryDeleted':
          return deleted(target, repositoryId);
      }
    },
  };
}
