import type { IssueDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { IssueEvent, IssueOpened } from '../../domain/issues/issue.events.js';
import { issues, reactionCountsOf, recountMilestone, recountOpenIssues } from './issueCounters.js';

async function setIssue(target: ProjectionTarget, issueId: number, fields: Partial<IssueDocument>): Promise<IssueDocument | null> {
  await issues(target).updateOne({ _id: String(issueId) }, { $set: fields });
  return issues(target).findOne({ _id: String(issueId) });
}

// State changes move an issue between its milestone's open and closed counts and change the
// repository's open issues count.
async function recountAround(issue: IssueDocument | null, target: ProjectionTarget): Promise<void> {
  if (!issue) return;
  await recountMilestone(issue.milestone_id, target);
  await recountOpenIssues(issue.repository_id, target);
}

async function opened(data: IssueOpened['data'], target: ProjectionTarget): Promise<void> {
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
    locked: false,
    active_lock_reason: null,
    comments: 0,
    reactions: await reactionCountsOf({ type: 'issue', id: data.issueId }, target),
    closed_at: null,
    closed_by_id: null,
    created_at: data.openedAt,
    updated_at: data.openedAt,
  };
  await issues(target).replaceOne({ _id: document._id }, document, { upsert: true });
  await recountAround(document, target);
}

export async function applyIssueEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as IssueEvent;
  switch (event.type) {
    case 'IssueOpened':
      return opened(event.data, target);
    case 'IssueEdited':
      return void (await setIssue(target, event.data.issueId, { ...event.data.changes, updated_at: event.data.editedAt }));
    case 'IssueClosed': {
      const { issueId, stateReason, closedBy, closedAt } = event.data;
      return recountAround(await setIssue(target, issueId, { state: 'closed', state_reason: stateReason, closed_at: closedAt, closed_by_id: closedBy, updated_at: closedAt }), target);
    }
    case 'IssueReopened': {
      const { issueId, reopenedAt } = event.data;
      return recountAround(await setIssue(target, issueId, { state: 'open', state_reason: 'reopened', closed_at: null, closed_by_id: null, updated_at: reopenedAt }), target);
    }
    case 'IssueLabelsChanged':
      return void (await setIssue(target, event.data.issueId, { label_ids: [...event.data.labelIds], updated_at: event.data.changedAt }));
    case 'IssueAssigneesChanged':
      return void (await setIssue(target, event.data.issueId, { assignee_ids: [...event.data.assigneeIds], updated_at: event.data.changedAt }));
    case 'IssueMilestoneChanged': {
      const before = await issues(target).findOne({ _id: String(event.data.issueId) });
      await setIssue(target, event.data.issueId, { milestone_id: event.data.milestoneId, updated_at: event.data.changedAt });
      await recountMilestone(before?.milestone_id ?? null, target);
      return recountMilestone(event.data.milestoneId, target);
    }
    case 'IssueLocked':
      return void (await setIssue(target, event.data.issueId, { locked: true, active_lock_reason: event.data.lockReason, updated_at: event.data.lockedAt }));
    case 'IssueUnlocked':
      return void (await setIssue(target, event.data.issueId, { locked: false, active_lock_reason: null, updated_at: event.data.unlockedAt }));
  }
}
