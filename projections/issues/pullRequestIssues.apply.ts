import { pullRequestIssueDocumentId, type IssueDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import { pullRequestIssueId, type PullRequestEvent } from '../../domain/pulls/pullRequest.events.js';
import { emptyReactionCounts, issues } from './issueCounters.js';

export const PULL_REQUEST_ISSUE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'PullRequestOpened',
  'PullRequestEdited',
  'PullRequestClosed',
  'PullRequestReopened',
  'PullRequestMerged',
]);

// GitHub lists pull requests among a repository's issues (with a `pull_request` object), in
// the same number sequence: each one is mirrored into the issues collection, under its own
// _id space ("pr-<id>"), counted nowhere (open_issues_count adds open pull requests itself),
// and refused by every issue command but its conversation's, comments and reactions (IssueAccess).
export async function applyPullRequestIssueEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as PullRequestEvent;
  const _id = pullRequestIssueDocumentId(event.data.pullRequestId);
  switch (event.type) {
    case 'PullRequestOpened': {
      const { repositoryId, number, authorId, title, body, openedAt } = event.data;
      const document: IssueDocument = {
        _id,
        id: pullRequestIssueId(event.data),
        repository_id: repositoryId,
        number,
        user_id: authorId,
        title,
        body,
        state: 'open',
        state_reason: null,
        label_ids: [],
        assignee_ids: [],
        milestone_id: null,
        locked: false,
        active_lock_reason: null,
        comments: 0,
        reactions: emptyReactionCounts(),
        closed_at: null,
        closed_by_id: null,
        created_at: openedAt,
        updated_at: openedAt,
        pull_request: { merged_at: null },
      };
      await issues(target).replaceOne({ _id }, document, { upsert: true });
      return;
    }
    case 'PullRequestEdited': {
      const { title, body } = event.data.changes;
      await issues(target).updateOne(
        { _id },
        { $set: { ...(title !== undefined ? { title } : {}), ...(body !== undefined ? { body } : {}), updated_at: event.data.editedAt } },
      );
      return;
    }
    case 'PullRequestClosed':
      await issues(target).updateOne({ _id }, { $set: { state: 'closed', closed_at: event.data.closedAt, updated_at: event.data.closedAt } });
      return;
    case 'PullRequestReopened':
      await issues(target).updateOne({ _id }, { $set: { state: 'open', closed_at: null, updated_at: event.data.reopenedAt } });
      return;
    case 'PullRequestMerged':
      await issues(target).updateOne(
        { _id },
        { $set: { state: 'closed', closed_at: event.data.mergedAt, updated_at: event.data.mergedAt, pull_request: { merged_at: event.data.mergedAt } } },
      );
      return;
  }
}
