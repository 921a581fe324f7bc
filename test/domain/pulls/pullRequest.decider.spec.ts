import { pullRequestDecider } from '../../../domain/pulls/pullRequest.decider.js';
import type { OpenPullRequest } from '../../../domain/pulls/pullRequest.commands.js';
import type { PullRequestEvent } from '../../../domain/pulls/pullRequest.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const later = new Date('2026-11-22T11:00:00Z');
const head = { repositoryId: 7, ref: 'feature', sha: 'a'.repeat(40) };
const base = { repositoryId: 7, ref: 'main', sha: 'b'.repeat(40) };

const open: OpenPullRequest = {
  type: 'OpenPullRequest',
  pullRequestId: 3,
  issueId: 4,
  repositoryId: 7,
  number: 12,
  authorId: 2,
  title: 'Add feature',
  body: null,
  draft: false,
  maintainerCanModify: true,
  head,
  base,
  headLabel: 'octocat:feature',
  headName: 'feature',
  historiesShared: true,
  commitsBetween: 2,
  openDuplicateExists: false,
  now,
};

const opened: PullRequestEvent = {
  type: 'PullRequestOpened',
  data: {
    pullRequestId: 3,
    issueId: 4,
    repositoryId: 7,
    number: 12,
    authorId: 2,
    title: 'Add feature',
    body: null,
    draft: false,
    maintainerCanModify: true,
    head,
    base,
    openedAt: now.toISOString(),
  },
};
const closed: PullRequestEvent = { type: 'PullRequestClosed', data: { pullRequestId: 3, closedAt: later.toISOString() } };
const merge = {
  type: 'MergePullRequest' as const,
  mergedBy: 2,
  mergeMethod: 'merge' as const,
  expectedHeadSha: null,
  headSha: head.sha,
  baseSha: base.sha,
  mergeCommitSha: 'c'.repeat(40),
  now: later,
};
const merged: PullRequestEvent = {
  type: 'PullRequestMerged',
  data: {
    pullRequestId: 3,
    mergedBy: 2,
    mergeMethod: 'merge',
    mergeCommitSha: 'c'.repeat(40),
    headSha: head.sha,
    baseSha: base.sha,
    mergedAt: later.toISOString(),
  },
};
const edit = { type: 'EditPullRequest' as const, headLabel: 'octocat:feature', openDuplicateExists: false, now: later };

describe('pull request decider', () => {
  const spec = deciderSpec(pullRequestDecider);

  it('opens a pull request with the commits and ids decided before', () => spec.given([]).when(open).then([opened]));
  it('refuses a blank or too long title', () => {
    spec
      .given([])
      .when({ ...open, title: '   ' })
      .thenFails('InvalidPullRequestField');
    spec
      .given([])
      .when({ ...open, title: 'x'.repeat(257) })
      .thenFails('InvalidPullRequestField');
  });
  it('refuses no commits between the branches, and a second open pull request for them', () => {
    spec
      .given([])
      .when({ ...open, commitsBetween: 0 })
      .thenFails('NoCommitsBetween');
    spec
      .given([])
      .when({ ...open, openDuplicateExists: true })
      .thenFails('PullRequestAlreadyExists');
  });
  it('refuses branches with no history in common', () =>
    spec
      .given([])
      .when({ ...open, historiesShared: false })
      .thenFails('NoCommonHistory'));
  it('refuses to open the same pull request twice', () => spec.given([opened]).when(open).thenFails('InvalidPullRequestField'));

  it('edits only what changed, closes and reopens', () => {
    spec
      .given([opened])
      .when({ ...edit, title: 'Renamed', state: 'closed' })
      .then([{ type: 'PullRequestEdited', data: { pullRequestId: 3, changes: { title: 'Renamed' }, editedAt: later.toISOString() } }, closed]);
    spec
      .given([opened, closed])
      .when({ ...edit, state: 'open' })
      .then([{ type: 'PullRequestReopened', data: { pullRequestId: 3, reopenedAt: later.toISOString() } }]);
    spec
      .given([opened])
      .when({ ...edit, state: 'open' })
      .then([]);
  });
  it('changes the base of an open pull request only, and not onto a duplicate', () => {
    const develop = { ref: 'develop', sha: 'd'.repeat(40) };
    spec
      .given([opened])
      .when({ ...edit, base: develop })
      .then([{ type: 'PullRequestEdited', data: { pullRequestId: 3, changes: { base: develop }, editedAt: later.toISOString() } }]);
    spec
      .given([opened, closed])
      .when({ ...edit, base: develop })
      .thenFails('PullRequestStateRefused');
    spec
      .given([opened])
      .when({ ...edit, base: develop, openDuplicateExists: true })
      .thenFails('PullRequestAlreadyExists');
  });
  it('refuses to reopen a merged pull request, or one whose branches have another open one', () => {
    spec
      .given([opened, merged])
      .when({ ...edit, state: 'open' })
      .thenFails('PullRequestStateRefused');
    spec
      .given([opened, closed])
      .when({ ...edit, state: 'open', openDuplicateExists: true })
      .thenFails('PullRequestAlreadyExists');
  });

  it('merges an open pull request, recording the commits git wrote', () => spec.given([opened]).when(merge).then([merged]));
  it('refuses to merge twice, a closed one, or a head other than the one reviewed', () => {
    spec.given([opened, merged]).when(merge).thenFails('PullRequestNotMergeable');
    spec.given([opened, closed]).when(merge).thenFails('PullRequestNotMergeable');
    spec
      .given([opened])
      .when({ ...merge, expectedHeadSha: 'e'.repeat(40) })
      .thenFails('PullRequestHeadModified');
  });
  it('knows no pull request that was never opened', () => spec.given([]).when(merge).thenFails('PullRequestNotFound'));
});
