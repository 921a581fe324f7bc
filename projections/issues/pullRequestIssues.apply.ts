import { pullRequestIssueDocumentId, type IssueDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import { pullRequestIssueId, type PullRequestEvent } from '../../domain/pulls/pullRequest.events.js';
import { bodyMentionsChanged, mentionedIds } from './issueMentions.js';
import { countInMilestone, emptyReactionCounts, issues } from './issueCounters.js';

export const PULL_REQUEST_ISSUE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'PullRequestOpened',
  'PullRequestEdited',
  'PullRequestClosed',
  'PullRequestReopened',
  'PullRequestMerged',
]);

// GitHub lists pull requests among a repository's issues (with a `pull_request` object), in
// the same number sequence: each one is mirrored into the issues collection, under its own
// _id space ("pr-<id>"), counted in no repository's open issues (open_issues_count adds open
// pull requests itself) but in its milestone's. Its labels, assignees, milestone and lock come
// from its issue stream's events (issueDocuments.apply.ts), its title, body and state from these.
export async function applyPullRequestIssueEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as PullRequestEvent;
  const _id = pullRequestIssueDocumentId(event.data.pullRequestId);
  switch (event.type) {
    case 'PullRequestOpened': {
      const { repositoryId, number, authorId, title, body, openedAt } = event.data;
      const mentioned = await mentionedIds(target, body);
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
        mentioned_ids: mentioned,
        body_mentioned_ids: mentioned,
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
      return body === undefined ? undefined : bodyMentionsChanged(target, { _id }, body);
    }
    // closed_by: whoever closed it (the event's actor) or merged it, as GitHub's issue shows.
    case 'PullRequestClosed':
      return changeState(_id, 'closed', { closed_at: event.data.closedAt, closed_by_id: stored.metadata.actorId, updated_at: event.data.closedAt }, target);
    case 'PullRequestReopened':
      return changeState(_id, 'open', { closed_at: null, closed_by_id: null, updated_at: event.data.reopenedAt }, target);
    case 'PullRequestMerged':
      return changeState(
        _id,
        'closed',
        {
          closed_at: event.data.mergedAt,
          closed_by_id: event.data.mergedBy,
          updated_at: event.data.mergedAt,
          pull_request: { merged_at: event.data.mergedAt },
        },
        target,
      );
  }
}

// A pull request in a milestone counts there as an issue does (GitHub's milestone progress
// counts both): the count moves only with the write that changed the state, so an event
// applied twice counts once; the other fields are set either way.
async function changeState(_id: string, to: 'open' | 'closed', fields: Partial<IssueDocument>, target: ProjectionTarget): Promise<void> {
  const from = to === 'open' ? 'closed' : 'open';
  const { modified } = await issues(target).updateOne({ _id, state: from }, { $set: { ...fields, state: to } });
  if (modified === 0) return void (await issues(target).updateOne({ _id }, { $set: fields }));
  const pull = await issues(target).findOne({ _id });
  if (pull === null) return;
  await countInMilestone(pull.milestone_id, from, -1, target);
  await countInMilestone(pull.milestone_id, to, 1, target);
}
