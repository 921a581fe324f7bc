import { issueDecider } from '../../../domain/issues/issue.decider.js';
import { pullRequestIssueDecider } from '../../../domain/issues/pullRequestIssue.decider.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-27T02:00:00Z');
const at = now.toISOString();
const locked = { type: 'IssueLocked' as const, data: { issueId: 7, lockReason: 'spam' as const, lockedAt: at } };
const unlocked = { type: 'IssueUnlocked' as const, data: { issueId: 7, unlockedAt: at } };
const labelled = (...labelIds: number[]) => ({ type: 'IssueLabelsChanged' as const, data: { issueId: 7, labelIds, changedAt: at } });
const assigned = (...assigneeIds: number[]) => ({ type: 'IssueAssigneesChanged' as const, data: { issueId: 7, assigneeIds, changedAt: at } });
const inMilestone = (milestoneId: number | null) => ({ type: 'IssueMilestoneChanged' as const, data: { issueId: 7, milestoneId, changedAt: at } });

// A pull request's issue stream has no IssueOpened: its fields are decided from their own events.
describe("a pull request's issue side", () => {
  const spec = deciderSpec(pullRequestIssueDecider);
  it('locks a stream with nothing in it, which the issue decider refuses as no issue', () => {
    spec.given([]).when({ type: 'LockIssue', issueId: 7, lockReason: 'spam', now }).then([locked]);
    deciderSpec(issueDecider).given([]).when({ type: 'LockIssue', issueId: 7, lockReason: 'spam', now }).thenFails('IssueNotFound');
  });
  it('records only what changes: a second lock, or an unlock of an open conversation, records nothing', () => {
    spec.given([locked]).when({ type: 'LockIssue', issueId: 7, lockReason: null, now }).then([]);
    spec.given([]).when({ type: 'UnlockIssue', issueId: 7, now }).then([]);
    spec.given([locked]).when({ type: 'UnlockIssue', issueId: 7, now }).then([unlocked]);
    spec.given([locked, unlocked]).when({ type: 'LockIssue', issueId: 7, lockReason: 'spam', now }).then([locked]);
  });
  it('adds labels to those it has, and removes one it carries (404 for one it does not)', () => {
    spec
      .given([])
      .when({ type: 'AddIssueLabels', issueId: 7, labelIds: [3, 3, 4], now })
      .then([labelled(3, 4)]);
    spec
      .given([labelled(3)])
      .when({ type: 'AddIssueLabels', issueId: 7, labelIds: [4], now })
      .then([labelled(3, 4)]);
    spec
      .given([labelled(3, 4)])
      .when({ type: 'AddIssueLabels', issueId: 7, labelIds: [4], now })
      .then([]);
    spec
      .given([labelled(3, 4)])
      .when({ type: 'RemoveIssueLabel', issueId: 7, labelId: 3, now })
      .then([labelled(4)]);
    spec.given([locked]).when({ type: 'RemoveIssueLabel', issueId: 7, labelId: 3, now }).thenFails('LabelNotFound');
  });
  it('adds and removes assignees, and sets labels, assignees and milestone absolutely', () => {
    spec
      .given([assigned(1)])
      .when({ type: 'AddIssueAssignees', issueId: 7, assigneeIds: [2], now })
      .then([assigned(1, 2)]);
    spec
      .given([assigned(1, 2)])
      .when({ type: 'RemoveIssueAssignees', issueId: 7, assigneeIds: [1, 9], now })
      .then([assigned(2)]);
    spec
      .given([])
      .when({ type: 'RemoveIssueAssignees', issueId: 7, assigneeIds: [1], now })
      .then([]);
    spec
      .given([labelled(3), inMilestone(5)])
      .when({ type: 'ChangeIssueFields', issueId: 7, labelIds: [], assigneeIds: [1], milestoneId: 6, now })
      .then([labelled(), assigned(1), inMilestone(6)]);
    spec
      .given([labelled(3, 4), inMilestone(5)])
      .when({ type: 'ChangeIssueFields', issueId: 7, labelIds: [4, 3], milestoneId: 5, now })
      .then([]);
  });
});
