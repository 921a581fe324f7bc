import {
  PULL_AUTHOR_MERGES_COLLECTION,
  PULL_REQUESTS_COLLECTION,
  REPOSITORY_PULL_AUTHORS_COLLECTION,
  REPOSITORY_PULL_COUNTS_COLLECTION,
  repositoryPullAuthorId,
  type PullAuthorMergesDocument,
  type PullRequestDocument,
  type RepositoryPullAuthorDocument,
  type RepositoryPullCountDocument,
} from '../../application/pulls/pullRequests.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { IndexSpec } from '../../application/shared/ports/readModelStore.port.js';
import { pullRequestIssueId, type PullRequestEvent, type PullRequestOpened } from '../../domain/pulls/pullRequest.events.js';
import type { IssueCommentCreated } from '../../domain/issues/issueComment.decider.js';
import type { RepositoryDeleted } from '../../domain/repositories/repository.events.js';
import type { IssueAssigneesChanged, IssueLabelsChanged, IssueLocked, IssueMilestoneChanged, IssueUnlocked } from '../../domain/issues/issue.events.js';

const PULL_REQUEST_EVENT_TYPES: ReadonlySet<string> = new Set<PullRequestEvent['type']>([
  'PullRequestOpened',
  'PullRequestMergeabilityRequested',
  'PullRequestMergeabilityChecked',
  'PullRequestEdited',
  'PullRequestClosed',
  'PullRequestReopened',
  'PullRequestMerged',
]);

function openedDocument(data: PullRequestOpened['data'], position: number): PullRequestDocument {
  const side = ({ repositoryId, ref, sha }: PullRequestOpened['data']['head']) => ({ repository_id: repositoryId, ref, sha });
  return {
    _id: String(data.pullRequestId),
    id: data.pullRequestId,
    issue_id: pullRequestIssueId(data),
    repository_id: data.repositoryId,
    number: data.number,
    user_id: data.authorId,
    title: data.title,
    body: data.body,
    state: 'open',
    draft: data.draft,
    maintainer_can_modify: data.maintainerCanModify,
    head: side(data.head),
    base: side(data.base),
    base_ref: data.base.ref,
    head_repository_id: data.head.repositoryId,
    head_ref: data.head.ref,
    created_at: data.openedAt,
    updated_at: data.openedAt,
    closed_at: null,
    merged_at: null,
    merged_by_id: null,
    merge_commit_sha: null,
    merge_method: null,
    position,
  };
}

// The absolute values an event sets on an existing pull request.
function changesOf(event: Exclude<PullRequestEvent, PullRequestOpened>, current: PullRequestDocument): Partial<PullRequestDocument> {
  switch (event.type) {
    case 'PullRequestEdited': {
      const { title, body, maintainerCanModify, base } = event.data.changes;
      return {
        ...(title !== undefined ? { title } : {}),
        ...(body !== undefined ? { body } : {}),
        ...(maintainerCanModify !== undefined ? { maintainer_can_modify: maintainerCanModify } : {}),
        ...(base ? { base: { ...current.base, ref: base.ref, sha: base.sha }, base_ref: base.ref } : {}),
        updated_at: event.data.editedAt,
      };
    }
    case 'PullRequestClosed': {
      const { closedAt, headSha } = event.data;
      return { state: 'closed', closed_at: closedAt, updated_at: closedAt, ...(headSha !== undefined ? { head: { ...current.head, sha: headSha } } : {}) };
    }
    case 'PullRequestReopened':
      return { state: 'open', closed_at: null, updated_at: event.data.reopenedAt };
    case 'PullRequestMerged': {
      const { mergedAt, mergedBy, mergeCommitSha, mergeMethod, headSha, baseSha } = event.data;
      return {
        state: 'closed',
        closed_at: mergedAt,
        merged_at: mergedAt,
        updated_at: mergedAt,
        merged_by_id: mergedBy,
        merge_commit_sha: mergeCommitSha,
        merge_method: mergeMethod,
        head: { ...current.head, sha: headSha },
        base: { ...current.base, sha: baseSha },
      };
    }
    case 'PullRequestMergeabilityRequested':
      return { mergeability: { base_sha: event.data.baseSha, head_sha: event.data.headSha, mergeable: null, test_merge_sha: null } };
    case 'PullRequestMergeabilityChecked':
      return {
        mergeability: {
          base_sha: event.data.baseSha,
          head_sha: event.data.headSha,
          mergeable: event.data.mergeable,
          test_merge_sha: event.data.mergeCommitSha,
        },
      };
  }
}

// What happens on a pull request's issue side (a comment, its lock, its labels, assignees or
// milestone) updates it, as on GitHub: its updated_at moves up to the event's time ($max: the
// same applied twice). The values themselves are read from its issue (PullRequestViews).
const CONVERSATION_EVENT_TYPES: ReadonlySet<string> = new Set([
  'IssueCommentCreated',
  'IssueLocked',
  'IssueUnlocked',
  'IssueLabelsChanged',
  'IssueAssigneesChanged',
  'IssueMilestoneChanged',
]);

type IssueSideEvent = IssueCommentCreated | IssueLocked | IssueUnlocked | IssueLabelsChanged | IssueAssigneesChanged | IssueMilestoneChanged;

function issueSideTime(event: IssueSideEvent): string {
  switch (event.type) {
    case 'IssueCommentCreated':
      return event.data.createdAt;
    case 'IssueLocked':
      return event.data.lockedAt;
    case 'IssueUnlocked':
      return event.data.unlockedAt;
    default:
      return event.data.changedAt;
  }
}

async function conversationUpdated(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as IssueSideEvent;
  const at = issueSideTime(event);
  await target.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION).updateOne({ issue_id: event.data.issueId }, { $max: { updated_at: at } });
}

// A head repository deleted (a fork gone): its pull requests keep the owner it had, whose
// account head.user still names on GitHub (head.repo is null). Setting the same value again
// changes nothing, so a replay writes the same.
async function headRepositoryDeleted(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const { repositoryId, ownerId } = (stored as unknown as RepositoryDeleted).data;
  await target
    .collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION)
    .updateMany({ 'head.repository_id': repositoryId }, { $set: { 'head.owner_id': ownerId } });
}

// A pull request entered (+1) or left (-1) the open state: its repository's open count moves.
async function countOpen(repositoryId: number, delta: 1 | -1, target: ProjectionTarget): Promise<void> {
  await target
    .collection<RepositoryPullCountDocument>(REPOSITORY_PULL_COUNTS_COLLECTION)
    .updateOne({ _id: String(repositoryId) }, { $inc: { open_pull_requests_count: delta }, $setOnInsert: { repository_id: repositoryId } }, { upsert: true });
}

// An author's pull requests on a repository: one entered (+1) or left (-1) the open state,
// or was merged (the author's count across the site too).
async function countAuthor(
  pull: Pick<PullRequestDocument, 'repository_id' | 'user_id'>,
  change: { readonly open: 1 | -1; readonly merged: boolean },
  target: ProjectionTarget,
): Promise<void> {
  const { repository_id: repositoryId, user_id: userId } = pull;
  await target.collection<RepositoryPullAuthorDocument>(REPOSITORY_PULL_AUTHORS_COLLECTION).updateOne(
    { _id: repositoryPullAuthorId(repositoryId, userId) },
    {
      $inc: { open_pull_requests_count: change.open, merged_pull_requests_count: change.merged ? 1 : 0 },
      $setOnInsert: { repository_id: repositoryId, user_id: userId },
    },
    { upsert: true },
  );
  if (!change.merged) return;
  await target
    .collection<PullAuthorMergesDocument>(PULL_AUTHOR_MERGES_COLLECTION)
    .updateOne({ _id: String(userId) }, { $inc: { merged_pull_requests_count: 1 }, $setOnInsert: { user_id: userId } }, { upsert: true });
}

// Each document remembers the log position of the last event applied to it, so an event
// seen again is skipped. The open count per repository, and the author's counts, move only
// when a write that is guarded by that position changed the state, so it is counted once.
export const pullRequestsProjection: Projection = {
  name: 'pull-requests',
  // 2: open pull requests counted per repository; 3: the base branch at top level (base_ref);
  // 4: its issue's id, and its conversation's updates; 5: updated by its labels, assignees and
  // milestone; 6: a closed one's head as it was closed; 7: a deleted head repository's owner;
  // 8: the head branch at top level (head_repository_id, head_ref), a page of a branch's from an index;
  // 9: its author's open and merged pull requests per repository, and merged across the site
  version: 9,
  collections: [
    { name: REPOSITORY_PULL_COUNTS_COLLECTION, indexes: [] },
    { name: REPOSITORY_PULL_AUTHORS_COLLECTION, indexes: [] },
    { name: PULL_AUTHOR_MERGES_COLLECTION, indexes: [] },
    {
      name: PULL_REQUESTS_COLLECTION,
      indexes: [
        { name: 'repository_number', keys: { repository_id: 1, number: 1 }, unique: true },
        { name: 'head_repository', keys: { 'head.repository_id': 1 } },
        // A comment or a lock finds the pull request of the issue it names (most find none).
        { name: 'issue_id', keys: { issue_id: 1 } },
        // The open pull request between two branches (one allowed): its head branch's, at once.
        { name: 'head_branch_state', keys: { 'head.repository_id': 1, 'head.ref': 1, state: 1 } },
        // GET /repos/{owner}/{repo}/pulls pages (pullRequest.queries.ts).
        { name: 'repository_state_created', keys: { repository_id: 1, state: 1, created_at: 1, number: 1 } },
        { name: 'repository_state_updated', keys: { repository_id: 1, state: 1, updated_at: 1, number: 1 } },
        { name: 'repository_created', keys: { repository_id: 1, created_at: 1, number: 1 } },
        // The list filtered by base branch, by creation: page and count (with a state) from the
        // index (a dotted field cannot be one of an ordered index's, hence base_ref).
        { name: 'repository_base_state_created', keys: { repository_id: 1, base_ref: 1, state: 1, created_at: 1, number: 1 } },
        // And by update: the repository's pull requests of that state were walked, testing the base.
        { name: 'repository_base_state_updated', keys: { repository_id: 1, base_ref: 1, state: 1, updated_at: 1, number: 1 } },
        // The list filtered by head branch (head=user:ref), by creation or update: each head
        // repository's and state's run read to the end of the page, counts from the index.
        ...['created_at', 'updated_at'].map((field): IndexSpec => ({
          name: `repository_head_state_${field}`,
          keys: { repository_id: 1, head_repository_id: 1, head_ref: 1, state: 1, [field]: 1, number: 1 },
        })),
      ],
    },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([...PULL_REQUEST_EVENT_TYPES, ...CONVERSATION_EVENT_TYPES, 'RepositoryDeleted']),
  async apply(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (CONVERSATION_EVENT_TYPES.has(stored.type)) return conversationUpdated(stored, target);
    if (stored.type === 'RepositoryDeleted') return headRepositoryDeleted(stored, target);
    if (!PULL_REQUEST_EVENT_TYPES.has(stored.type)) return;
    const event = { type: stored.type, data: stored.data } as PullRequestEvent;
    const pulls = target.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION);
    const _id = String(event.data.pullRequestId);
    const current = await pulls.findOne({ _id });
    if (current && current.position >= stored.position) return;
    if (event.type === 'PullRequestOpened') {
      const { upserted } = await pulls.replaceOne({ _id }, openedDocument(event.data, stored.position), { upsert: true });
      if (upserted) {
        await countOpen(event.data.repositoryId, 1, target);
        await countAuthor({ repository_id: event.data.repositoryId, user_id: event.data.authorId }, { open: 1, merged: false }, target);
      }
      return;
    }
    if (!current) return;
    const changes = changesOf(event, current);
    const { modified } = await pulls.updateOne({ _id, position: { $lt: stored.position } }, { $set: { ...changes, position: stored.position } });
    if (modified === 1 && changes.state !== undefined && changes.state !== current.state) {
      const open = changes.state === 'open' ? 1 : -1;
      await countOpen(current.repository_id, open, target);
      await countAuthor(current, { open, merged: event.type === 'PullRequestMerged' && current.merged_at === null }, target);
    }
  },
};
