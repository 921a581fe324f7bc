import { issueDecider } from '../../../domain/issues/issue.decider.js';
import type { IssueEvent } from '../../../domain/issues/issue.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(issueDecider);
const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const opened: IssueEvent = {
  type: 'IssueOpened',
  data: { issueId: 7, repositoryId: 3, number: 1, authorId: 2, title: 'Bug', body: null, labelIds: [10], assigneeIds: [], milestoneId: null, openedAt: at },
};
const open = {
  type: 'OpenIssue' as const,
  issueId: 7,
  repositoryId: 3,
  number: 1,
  authorId: 2,
  title: 'Bug',
  body: null,
  labelIds: [10, 10],
  assigneeIds: [],
  milestoneId: null,
  now,
};
const update = (fields: object) => ({ type: 'UpdateIssue' as const, issueId: 7, actorId: 2, now, ...fields });

describe('issue decider', () => {
  it('opens an issue once, with its labels de-duplicated', () => {
    spec.given([]).when(open).then([opened]);
    spec.given([opened]).when(open).thenFails('IssueAlreadyExists');
  });

  it('refuses a blank title and one over 256 characters', () => {
    spec
      .given([])
      .when({ ...open, title: ' ' })
      .thenFails('IssueValidationFailed');
    spec
      .given([])
      .when({ ...open, title: 'x'.repeat(257) })
      .thenFails('IssueValidationFailed');
    spec
      .given([opened])
      .when(update({ title: 'x'.repeat(257) }))
      .thenFails('IssueValidationFailed');
  });

  it('closes with a reason, reopens, and changes nothing when nothing changes', () => {
    const closed: IssueEvent = { type: 'IssueClosed', data: { issueId: 7, stateReason: 'not_planned', closedBy: 2, closedAt: at } };
    spec
      .given([opened])
      .when(update({ state: 'closed', stateReason: 'not_planned' }))
      .then([closed]);
    spec
      .given([opened, closed])
      .when(update({ state: 'closed', stateReason: 'not_planned' }))
      .then([]);
    spec
      .given([opened, closed])
      .when(update({ stateReason: 'reopened' }))
      .then([{ type: 'IssueReopened', data: { issueId: 7, reopenedBy: 2, reopenedAt: at } }]);
    spec
      .given([opened])
      .when(update({ title: 'Bug', state: 'open', labelIds: [10] }))
      .then([]);
  });

  it('edits fields and replaces label, assignee and milestone sets', () => {
    spec
      .given([opened])
      .when(update({ title: 'Worse bug', labelIds: [11], assigneeIds: [4], milestoneId: 9 }))
      .then([
        { type: 'IssueEdited', data: { issueId: 7, changes: { title: 'Worse bug' }, editedAt: at } },
        { type: 'IssueLabelsChanged', data: { issueId: 7, labelIds: [11], changedAt: at } },
        { type: 'IssueAssigneesChanged', data: { issueId: 7, assigneeIds: [4], changedAt: at } },
        { type: 'IssueMilestoneChanged', data: { issueId: 7, milestoneId: 9, changedAt: at } },
      ]);
  });

  it('adds and removes labels; removing one the issue lacks is LabelNotFound', () => {
    spec
      .given([opened])
      .when({ type: 'AddIssueLabels', issueId: 7, labelIds: [10, 12], now })
      .then([{ type: 'IssueLabelsChanged', data: { issueId: 7, labelIds: [10, 12], changedAt: at } }]);
    spec
      .given([opened])
      .when({ type: 'AddIssueLabels', issueId: 7, labelIds: [10], now })
      .then([]);
    spec
      .given([opened])
      .when({ type: 'RemoveIssueLabel', issueId: 7, labelId: 10, now })
      .then([{ type: 'IssueLabelsChanged', data: { issueId: 7, labelIds: [], changedAt: at } }]);
    spec.given([opened]).when({ type: 'RemoveIssueLabel', issueId: 7, labelId: 99, now }).thenFails('LabelNotFound');
  });

  it('locks and unlocks idempotently; an unknown issue is IssueNotFound', () => {
    const locked: IssueEvent = { type: 'IssueLocked', data: { issueId: 7, lockReason: 'spam', lockedAt: at } };
    spec.given([opened]).when({ type: 'LockIssue', issueId: 7, lockReason: 'spam', now }).then([locked]);
    spec.given([opened, locked]).when({ type: 'LockIssue', issueId: 7, lockReason: 'spam', now }).then([]);
    spec
      .given([opened, locked])
      .when({ type: 'UnlockIssue', issueId: 7, now })
      .then([{ type: 'IssueUnlocked', data: { issueId: 7, unlockedAt: at } }]);
    spec.given([]).when({ type: 'UnlockIssue', issueId: 7, now }).thenFails('IssueNotFound');
  });
});
