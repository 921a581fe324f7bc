import {
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  pullRequestIssueDocumentId,
  type IssueCommentDocument,
  type IssueDocument,
} from '../../application/issues/issues.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { ISSUE_SEARCH_ATTRIBUTES, type IssueSearchDocument } from '../../application/search/issueSearch.document.js';
import { SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { SearchFilter } from '../../application/shared/ports/searchIndex.port.js';
import { onceThisBatch, type Projection, type ProjectionTarget } from '../../application/shared/projections/projection.js';
import { ISSUE_EVENT_TYPES } from '../../domain/issues/issue.events.js';
import type { IssueCommentEvent } from '../../domain/issues/issueComment.decider.js';
import type { LabelEvent } from '../../domain/issues/label.decider.js';
import type { MilestoneEvent } from '../../domain/issues/milestone.decider.js';
import type { ReactionEvent } from '../../domain/issues/reaction.decider.js';
import type { RepositoryEvent } from '../../domain/repositories/repository.events.js';
import { REF_EVENT_TYPES } from '../../domain/gitdata/refMoved.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import type { ProjectCardDocument } from '../../application/projects/projects.readModel.js';
import { DELETED_COPIES_COLLECTIONS, deletedCopyId, type DeletedCopyDocument } from '../../application/shared/deletedCopies.js';
import type { CardContent, ProjectEvent } from '../../domain/projects/project.events.js';
import { issueSearchDocument, repositoryFields } from './issueSearchDocument.js';
import {
  ISSUE_LANGUAGES_INDEXED_COLLECTION,
  ISSUE_REPOSITORY_LANGUAGES_COLLECTION,
  issueRepositoryLanguage,
  issueRepositoryLanguages,
  languageIndexed,
  saveLanguageIndexed,
} from './issueRepositoryLanguages.js';
import { languagesOnEvent } from './repositoryLanguages.js';

// Version 1 kept a copy of every indexed document here; the index itself answers what it was
// for (a repository's documents). Still declared, so that the version change empties it.
export const ISSUE_SEARCH_DOCUMENTS_COLLECTION = 'search_issue_documents';

// Upserts and deletions go to the index in batches of this many.
const BATCH = 500;
// The most documents one search of the index answers (Meilisearch's default cap is 1,000).
const PAGE = 1000;

const PULL_REQUEST_EVENTS = new Set(['PullRequestOpened', 'PullRequestEdited', 'PullRequestClosed', 'PullRequestReopened', 'PullRequestMerged']);
const PULL_REQUEST_ISSUE_SIDE_EVENTS = new Set(['IssueLocked', 'IssueUnlocked', 'IssueLabelsChanged', 'IssueAssigneesChanged', 'IssueMilestoneChanged']);
const REPOSITORY_WIDE_EVENTS = new Set(['RepositoryEdited', 'RepositoryArchived', 'RepositoryUnarchived', 'RepositoryTransferred', 'RepositoryDeleted']);
// What may change a repository's language (languagesOnEvent): a move of its default branch, a
// fork's copy of its parent's, a new default branch; a deletion forgets it.
const LANGUAGE_EVENTS: ReadonlySet<string> = new Set([...REF_EVENT_TYPES, 'RepositoryCreated', 'RepositoryEdited', 'RepositoryDeleted']);

const indexName = (target: ProjectionTarget) => target.searchIndexName(SEARCH_INDEXES.issues);

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

// An issue's read-model _id from its id: a pull request's issue is `pr-<pull request id>`.
async function issueKeyOf(target: ProjectionTarget, issueId: number): Promise<string[]> {
  const issue = await target.collection<IssueDocument>(ISSUES_COLLECTION).findOne({ id: issueId });
  return issue === null ? [] : [issue._id];
}

// The issue (read-model _id) a card holds: an issue by its id, a pull request by its own.
async function issueKeyOfCard(target: ProjectionTarget, content: CardContent | null): Promise<string[]> {
  if (content === null) return [];
  return content.type === 'PullRequest' ? [pullRequestIssueDocumentId(content.id)] : issueKeyOf(target, content.id);
}

// A removed card's issue, from the copy the projects model keeps of it.
async function issueKeyOfDeletedCard(target: ProjectionTarget, cardId: number): Promise<string[]> {
  const copy = await target
    .collection<DeletedCopyDocument<ProjectCardDocument>>(DELETED_COPIES_COLLECTIONS.project_card)
    .findOne({ _id: deletedCopyId('project_card', cardId) });
  return copy === null ? [] : issueKeyOfCard(target, copy.document.content);
}

// The issues (read-model _ids) whose documents an event may change.
async function touchedIssues(event: StoredEvent, target: ProjectionTarget): Promise<string[]> {
  const project = { type: event.type, data: event.data } as ProjectEvent;
  if (project.type === 'ProjectCardCreated') return issueKeyOfCard(target, project.data.content);
  if (project.type === 'ProjectCardDeleted') return issueKeyOfDeletedCard(target, project.data.cardId);
  // A lock, labels, assignees or milestone may be a pull request's issue side's: its issue is found by its id.
  if (PULL_REQUEST_ISSUE_SIDE_EVENTS.has(event.type)) return issueKeyOf(target, (event.data as { issueId: number }).issueId);
  if (ISSUE_EVENT_TYPES.has(event.type)) return [String((event.data as { issueId: number }).issueId)];
  if (PULL_REQUEST_EVENTS.has(event.type)) return [pullRequestIssueDocumentId((event.data as { pullRequestId: number }).pullRequestId)];
  const typed = { type: event.type, data: event.data } as IssueCommentEvent | ReactionEvent | LabelEvent | MilestoneEvent | { type: ''; data: unknown };
  switch (typed.type) {
    case 'IssueCommentCreated':
    case 'IssueCommentDeleted':
      return issueKeyOf(target, typed.data.issueId);
    case 'IssueCommentEdited': {
      const comment = await target.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION).findOne({ _id: String(typed.data.commentId) });
      return comment === null ? [] : issueKeyOf(target, comment.issue_id);
    }
    case 'ReactionAdded':
    case 'ReactionRemoved':
      // Reactions to comments count toward no issue's reactions.
      return typed.data.subject.type === 'issue' ? issueKeyOf(target, typed.data.subject.id) : [];
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
      upserts.push(document);
    }
    if (upserts.length > 0) await target.search.upsert(indexName(target), upserts);
    if (deletions.length > 0) await target.search.delete(indexName(target), deletions);
  }
}

// Every document the filter finds, a page at a time, until it finds none: each page is
// removed or rewritten so that it no longer matches.
async function untilNoneMatch(target: ProjectionTarget, filter: SearchFilter, handle: (documents: IssueSearchDocument[]) => Promise<void>): Promise<void> {
  for (;;) {
    const { hits } = await target.search.search<IssueSearchDocument>(indexName(target), { q: '', filter, limit: PAGE });
    if (hits.length === 0) return;
    await handle(hits.map((hit) => hit.document));
  }
}

// The repository's language as this lane reads it follows the event; when it is not the one
// its documents were last rewritten to carry, they are rewritten (repositoryChanged), once.
async function followLanguage(dependencies: ProjectionDependencies, event: StoredEvent, target: ProjectionTarget): Promise<void> {
  const repositoryId = (event.data as { repositoryId?: unknown }).repositoryId;
  if (!LANGUAGE_EVENTS.has(event.type) || typeof repositoryId !== 'number') return;
  await languagesOnEvent(dependencies, issueRepositoryLanguages(target), event, target);
  if (event.type === 'RepositoryDeleted') return saveLanguageIndexed(target, repositoryId, null);
  const language = await issueRepositoryLanguage(target, repositoryId);
  if (language === (await languageIndexed(target, repositoryId))) return;
  await repositoryChanged(target, repositoryId);
  await saveLanguageIndexed(target, repositoryId, language);
}

// The documents naming a project, every page of them read before any is rewritten (a column's
// removal leaves the others' cards naming it).
async function issueKeysOnProject(target: ProjectionTarget, projectId: number): Promise<string[]> {
  const filter: SearchFilter = { field: 'project_ids', op: '=', value: projectId };
  const keys: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { hits } = await target.search.search<IssueSearchDocument>(indexName(target), { q: '', filter, offset, limit: PAGE });
    keys.push(...hits.map((hit) => hit.document.id));
    if (hits.length < PAGE) return keys;
  }
}

// Visibility, owner, archived state, issues turned on or off, language, or existence changed: the repository's documents that
// disagree are rewritten from the index's own copies (a few fields changed), or all removed
// when the repository is gone: a cost proportional to the repository's issues.
async function repositoryChanged(target: ProjectionTarget, repositoryId: number): Promise<void> {
  const ofRepository: SearchFilter = { field: 'repository_id', op: '=', value: repositoryId };
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (repository === null) {
    return untilNoneMatch(target, ofRepository, (documents) =>
      target.search.delete(
        indexName(target),
        documents.map((document) => document.id),
      ),
    );
  }
  const fields = await repositoryFields(target, repository);
  const current: SearchFilter = {
    and: [
      { field: 'public', op: '=', value: fields.public },
      { field: 'owner_id', op: '=', value: fields.owner_id },
      { field: 'archived', op: '=', value: fields.archived },
      { field: 'issues_off', op: '=', value: fields.issues_off },
      { field: 'language', op: '=', value: fields.language },
    ],
  };
  await untilNoneMatch(target, { and: [ofRepository, { not: current }] }, (documents) =>
    target.search.upsert(
      indexName(target),
      documents.map((document) => ({ ...document, ...fields })),
    ),
  );
}

// The issues and pull requests index (GET /search/issues): one document per issue or pull
// request, rebuilt from the read-your-writes models whenever an event touches it (the runner
// hands this projection an event only after those models applied it), and a repository's
// documents rewritten when who may see them changes (the command waits for this projection:
// REPOSITORY_BOUND_SEARCH_PROJECTIONS).
export const issueSearchProjection = (dependencies: ProjectionDependencies): Projection => ({
  name: 'search-issues',
  // 2: no copy of the documents beside the index
  // 3: a pull request's issue found by its own issue id (comments, reactions)
  // 4: a pull request's conversation comments indexed (commenter:, involves:, in:comments)
  // 5: whether the repository's issues are off (issues_off)
  // 6: the repository's language (language), read by this lane from git as its default branch moves
  // 7: why an issue was closed (state_reason, for reason:)
  // 8: the classic projects holding a card of it (project_ids, for project: and no:project)
  version: 8,
  consistency: 'eventual',
  readsReadYourWritesModels: true,
  collections: [{ name: ISSUE_SEARCH_DOCUMENTS_COLLECTION }, { name: ISSUE_REPOSITORY_LANGUAGES_COLLECTION }, { name: ISSUE_LANGUAGES_INDEXED_COLLECTION }],
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
    await followLanguage(dependencies, event, target);
    if (REPOSITORY_WIDE_EVENTS.has(event.type)) {
      const typed = { type: event.type, data: event.data } as RepositoryEvent;
      if (typed.type === 'RepositoryEdited' && typed.data.changes.private === undefined && typed.data.changes.hasIssues === undefined) return;
      return repositoryChanged(target, typed.data.repositoryId);
    }
    // A project or column removed takes its cards with it (no copy of each is kept): the
    // documents that still name the project are rebuilt.
    if (event.type === 'ProjectDeleted' || event.type === 'ProjectColumnDeleted') {
      return refresh(target, await issueKeysOnProject(target, (event.data as { projectId: number }).projectId));
    }
    const keys = [...new Set(await touchedIssues(event, target))];
    // One issue's document (most events: opened, commented, reacted to) is rebuilt once per
    // batch of events, however many of them touch it; a label's or milestone's many issues at once.
    if (keys.length === 1) return onceThisBatch(target, keys[0]!, (settled) => refresh(settled, keys));
    if (keys.length > 0) await refresh(target, keys);
  },
});
