import { conversationLockDecider } from '../../../domain/issues/conversationLock.decider.js';
import { issueDecider } from '../../../domain/issues/issue.decider.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-27T02:00:00Z');
const locked = { type: 'IssueLocked' as const, data: { issueId: 7, lockReason: 'spam' as const, lockedAt: now.toISOString() } };
const unlocked = { type: 'IssueUnlocked' as const, data: { issueId: 7, unlockedAt: now.toISOString() } };

// A pull request's issue stream has no IssueOpened: its lock is decided from the locks alone.
describe("a pull request's conversation lock", () => {
  const spec = deciderSpec(conversationLockDecider);
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
});
