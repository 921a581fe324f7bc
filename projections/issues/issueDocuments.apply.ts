import type { IssueDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { IssueEvent, IssueOpened } from '../../domain/issues/issue.events.js';
import { bodyMentionsChanged, mentionedIds } from './issueMentions.js';
import { countInMilestone, countIssueState, emptyReactionCounts, issues } from './issueCounters.js';

// By id: a pull request's issue (its labels, assignees, milestone) has an _id of its own (`pr-<id>`).
async function setIssue(target: ProjectionTarget, issueId: number, fields: Partial<IssueDocument>): Promise<void> {
  await issues(target).updateOne({ id: issueId }, { $set: fields });
}

// A state change, written only if the issue is in the other state: the write says whether it
// happened, and only then do the counts move (see issueCounters.ts).
async function changeState(issueId: number, to: 'open' | 'closed', fields: Partial<IssueDocument>, target: ProjectionTarget): Promise<void> {
  const from = to === 'open' ? 'closed' : 'open';
  const { modified } = await issues(target).updateOne({ _id: String(issueId), state: from }, { $set: { ...fields, state: to } });
  if (modified === 0) return;
  const issue = await issues(target).findOne({ _id: String(issueId) });
  if (!issue) return;
  await countIssueState(issue, from, -1, target);
  await countIssueState(issue, to, 1, target);
}

async function opened(data: IssueOpened['data'], target: ProjectionTarget): Promise<void> {
  const mentioned = await mentionedIds(target, data.body);
  const document: IssueDocument = {
    _id: String(data.issueId),
    id: data.issueId,
    repository_id: data.repositoryId,
    number: data.number,
    user_id: data.authorId,
    title: data.title,
    body: data.body,
    state: 'open',
    state_reason: null,
    label_ids: [...data.labelIds],
    assignee_ids: [...data.assigneeIds],
    milestone_id: data.milestoneId,
    mentioned_ids: mentioned,
    body_mentioned_ids: mentioned,
    locked: false,
    active_lock_reason: null,
    comments: 0,
    // nothing can react to an issue before it exists
    reactions: emptyReactionCounts(),
    closed_at: null,
    closed_by_id: null,
    created_at: data.openedAt,
    updated_at: data.openedAt,
  };
  const { upserted } = await issues(target).replaceOne({ _id: document._id }, document, { upsert: true });
  if (upserted) await countIssueState(document, 'open', 1, target);
}

export async function applyIssueEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as IssueEvent;
  switch (event.type) {
    case 'IssueOpened':
      return opened(event.data, target);
    case 'IssueEdited': {
      const { issueId, changes, editedAt } = event.data;
      await setIssue(target, issueId, { ...changes, updated_at: editedAt });
      return changes.body === undefined ? undefined : bodyMentionsChanged(target, { id: issueId }, changes.body);
    }
    case 'IssueClosed': {
      const { issueId, stateReason, closedBy, closedAt } = event.data;
      return changeState(issueId, 'closed', { state_reason: stateReason, closed_at: closedAt, closed_by_id: closedBy, updated_at: closedAt }, target);
    }
    case 'IssueReopened': {
      const { issueId, reopenedAt } = event.data;
      return changeState(issueId, 'open', { state_reason: 'reopened', closed_at: null, closed_by_id: null, updated_at: reopenedAt }, target);
    }
    case 'IssueLabelsChanged':
      return void (await setIssue(target, event.data.issueId, { label_ids: [...event.data.labelIds], updated_at: event.data.changedAt }));
    case 'IssueAssigneesChanged':
      return void (await setIssue(target, event.data.issueId, { assignee_ids: [...event.data.assigneeIds], updated_at: event.data.changedAt }));
    case 'IssueMilestoneChanged': {
      const before = await issues(target).findOne({ id: event.data.issueId });
      if (!before || before.milestone_id === event.data.milestoneId)
        return void (await setIssue(target, event.data.issueId, { updated_at: event.data.changedAt }));
      // Guarded by the milestone it leaves: a second application finds the new one and moves nothing.
      const { modified } = await issues(target).updateOne(
        { _id: before._id, milestone_id: before.milestone_id },
        { $set: { milestone_id: event.data.milestoneId, updated_at: event.data.changedAt } },
      );
      if (modified === 0) return;
      await countInMilestone(before.milestone_id, before.state, -1, target);
      return countInMilestone(event.data.milestoneId, before.state, 1, target);
    }
    // A pull request's conversation is locked too: its issue is found by its id (its _id is `pr-<id>`).
    case 'IssueLocked':
      return void (await issues(target).updateOne(
        { id: event.data.issueId },
        { $set: { locked: true, active_lock_reason: event.data.lockReason, updated_at: event.data.lockedAt } },
      ));
    case 'IssueUnlocked':
      return void (await issues(target).updateOne(
        { id: event.data.issueId },
        { $set: { locked: false, active_lock_reason: null, updated_at: event.data.unlockedAt } },
      ));
  }
}
