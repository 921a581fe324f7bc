import { ISSUES_COLLECTION, ISSUE_COMMENTS_COLLECTION, type IssueCommentDocument, type IssueDocument } from '../../application/issues/issues.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { ISSUE_SEARCH_ATTRIBUTES, type IssueSearchDocument } from '../../application/search/issueSearch.document.js';
import { SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import { ISSUE_EVENT_TYPES } from '../../domain/issues/issue.events.js';
import type { IssueCommentEvent } from '../../domain/issues/issueComment.decider.js';
import type { LabelEvent } from '../../domain/issues/label.decider.js';
import type { MilestoneEvent } from '../../domain/issues/milestone.decider.js';
import type { ReactionEvent } from '../../domain/issues/reaction.decider.js';
import type { RepositoryEvent } from '../../domain/repositories/repository.events.js';
import { issueSearchDocument, repositoryFields } from './issueSearchDocument.js';

// The documents as last indexed, kept beside the index: a repository's change of visibility,
// owner or archived state rewrites its documents from here (looked up by repository, three
// fields changed) instead of rebuilding each from the read models, and a deleted
// repository's documents are found here after the issues read model dropped them.
export const ISSUE_SEARCH_DOCUMENTS_COLLECTION = 'search_issue_documents';
type StoredSearchDocument = IssueSearchDocument & Document & { _id: string };

// Upserts and deletions go to the index in batches of this many.
const BATCH = 500;

const PULL_REQUEST_EVENTS = new Set(['PullRequestOpened', 'PullRequestEdited', 'PullRequestClosed', 'PullRequestReopened', 'PullRequestMerged']);
const REPOSITORY_WIDE_EVENTS = new Set(['RepositoryEdited', 'RepositoryArchived', 'RepositoryUnarchived', 'RepositoryTransferred', 'RepositoryDeleted']);

const stored = (target: ProjectionTarget) => target.collection<StoredSearchDocument>(ISSUE_SEARCH_DOCUMENTS_COLLECTION);
const indexName = (target: ProjectionTarget) => target.searchIndexName(SEARCH_INDEXES.issues);

function indexed(document: StoredSearchDocument): IssueSearchDocument {
  const { _id, _position, ...fields } = document;
  return fields as IssueSearchDocument;
}

// A repository's issues, walked through the issues model's ordered index on (repository, created).
async function issueKeysOfRepository(target: ProjectionTarget, filter: Record<string, unknown>): Promise<string[]> {
  const issues = await target.collection<IssueDocument>(ISSUES_COLLECTION).find(filter, { sort: { created_at: 1, number: 1 } });
  return issues.map((issue) => issue._id);
}

// The issues of a milestone (they keep its id after it is deleted), through their milestone index.
async function issueKeysOfMilestone(target: ProjectionTarget, milestoneId: number): Promise<string[]> {
  const issues = await target.collection<IssueDocument>(ISSUES_COLLECTION).find({ milestone_id: milestoneId });
  return issues.map((issue) => issue._id);
}

// The issues (read-model _ids) whose documents an event may change.
async function touchedIssues(event: StoredEvent, target: ProjectionTarget): Promise<string[]> {
  if (ISSUE_EVENT_TYPES.has(event.type)) return [String((event.data as { issueId: number }).issueId)];
  if (PULL_REQUEST_EVENTS.has(event.type)) return [`pr-${(event.data as { pullRequestId: number }).pullRequestId}`];
  const typed = { type: event.type, data: event.data } as IssueCommentEvent | ReactionEvent | LabelEvent | MilestoneEvent | { type: ''; data: unknown };
  switch (typed.type) {
    case 'IssueCommentCreated':
    case 'IssueCommentDeleted':
      return [String(typed.data.issueId)];
    case 'IssueCommentEdited': {
      const comment = await target.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION).findOne({ _id: String(typed.data.commentId) });
      return comment === null ? [] : [String(comment.issue_id)];
    }
    case 'ReactionAdded':
    case 'ReactionRemoved':
      // Reactions to comments count toward no issue's reactions.
      return typed.data.subject.type === 'issue' ? [String(typed.data.subject.id)] : [];
    case 'LabelUpdated':
      return typed.data.changes.name === undefined
        ? []
        : issueKeysOfRepository(target, { repository_id: typed.data.repositoryId, label_ids: typed.data.labelId });
    case 'LabelDeleted':
      // The issues keep the deleted label's id (their encoders skip it): found as before.
      return issueKeysOfRepository(target, { repository_id: typed.data.repositoryId, label_ids: typed.data.labelId });
    case 'MilestoneUpdated':
      return typed.data.changes.title === undefined ? [] : issueKeysOfMilestone(target, typed.data.milestoneId);
    case 'MilestoneDeleted':
      return issueKeysOfMilestone(target, typed.data.milestoneId);
    default:
      return [];
  }
}

async function refresh(target: ProjectionTarget, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH) {
    const upserts: IssueSearchDocument[] = [];
    const deletions: string[] = [];
    for (const key of keys.slice(start, start + BATCH)) {
      const document = await issueSearchDocument(target, key);
      if (document === null) {
        deletions.push(key);
        continue;
      }
      await stored(target).replaceOne({ _id: key }, { ...document, _id: key }, { upsert: true });
      upserts.push(document);
    }
    if (upserts.length > 0) await target.search.upsert(indexName(target), upserts);
    if (deletions.length > 0) await forget(target, deletions);
  }
}

async function forget(target: ProjectionTarget, keys: readonly string[]): Promise<void> {
  await stored(target).deleteMany({ _id: { $in: [...keys] } });
  await target.search.delete(indexName(target), keys);
}

// Visibility, owner, archived state or existence changed: every document of the repository
// follows, at a cost proportional to the repository's issues.
async function repositoryChanged(target: ProjectionTarget, repositoryId: number): Promise<void> {
  const documents = await stored(target).find({ repository_id: repositoryId });
  const keys = documents.map((document) => document._id);
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (repository === null) {
    for (let start = 0; start < keys.length; start += BATCH) await forget(target, keys.slice(start, start + BATCH));
    return;
  }
  const fields = repositoryFields(repository);
  if (documents.every((document) => document.public === fields.public && document.owner_id === fields.owner_id && document.archived === fields.archived))
    return;
  await stored(target).updateMany({ repository_id: repositoryId }, { $set: fields });
  for (let start = 0; start < documents.length; start += BATCH) {
    await target.search.upsert(
      indexName(target),
      documents.slice(start, start + BATCH).map((document) => ({ ...indexed(document), ...fields })),
    );
  }
}

// The issues and pull requests index (GET /search/issues): one document per issue or pull
// request, rebuilt from the read-your-writes models whenever an event touches it (the runner
// hands this projection an event only after those models applied it), and a repository's
// documents rewritten when who may see them changes (the command waits for this projection:
// REPOSITORY_BOUND_SEARCH_PROJECTIONS).
export const issueSearchProjection: Projection = {
  name: 'search-issues',
  version: 1,
  consistency: 'eventual',
  readsReadYourWritesModels: true,
  collections: [{ name: ISSUE_SEARCH_DOCUMENTS_COLLECTION, indexes: [{ name: 'repository_id', keys: { repository_id: 1 } }] }],
  searchIndexes: [
    {
      name: SEARCH_INDEXES.issues,
      settings: {
        primaryKey: 'id',
        searchableAttributes: [...ISSUE_SEARCH_ATTRIBUTES.searchable],
        filterableAttributes: [...ISSUE_SEARCH_ATTRIBUTES.filterable],
        sortableAttributes: [...ISSUE_SEARCH_ATTRIBUTES.sortable],
        rangeAttributes: [...ISSUE_SEARCH_ATTRIBUTES.ranges],
      },
    },
  ],
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (REPOSITORY_WIDE_EVENTS.has(event.type)) {
      const typed = { type: event.type, data: event.data } as RepositoryEvent;
      if (typed.type === 'RepositoryEdited' && typed.data.changes.private === undefined) return;
      return repositoryChanged(target, typed.data.repositoryId);
    }
    const keys = await touchedIssues(event, target);
    if (keys.length > 0) await refresh(target, [...new Set(keys)]);
  },
};
