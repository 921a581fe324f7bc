import { expect } from 'chai';
import { pullRequestsProjection } from '../../../projections/pulls/pullRequests.projection.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const head = { repositoryId: 7, ref: 'feature', sha: 'a'.repeat(40) };
const base = { repositoryId: 7, ref: 'main', sha: 'b'.repeat(40) };
const stream = 'pull-request-3';

describe('pull requests projection', () => {
  it('applies every event twice to the same model: opened, edited, closed, reopened, merged', async () => {
    const events = [
      storedEvent(stream, 0, 'PullRequestOpened', {
        pullRequestId: 3,
        repositoryId: 7,
        number: 12,
        authorId: 2,
        title: 'Add feature',
        body: null,
        draft: true,
        maintainerCanModify: true,
        head,
        base,
        openedAt: '2026-11-22T10:00:00.000Z',
      }),
      storedEvent(stream, 1, 'PullRequestEdited', {
        pullRequestId: 3,
        changes: { title: 'Renamed', base: { ref: 'develop', sha: 'd'.repeat(40) } },
        editedAt: '2026-11-22T10:01:00.000Z',
      }),
      storedEvent(stream, 2, 'PullRequestClosed', { pullRequestId: 3, closedAt: '2026-11-22T10:02:00.000Z' }),
      storedEvent(stream, 3, 'PullRequestReopened', { pullRequestId: 3, reopenedAt: '2026-11-22T10:03:00.000Z' }),
      storedEvent(stream, 4, 'PullRequestMerged', {
        pullRequestId: 3,
        mergedBy: 5,
        mergeMethod: 'squash',
        mergeCommitSha: 'c'.repeat(40),
        headSha: 'f'.repeat(40),
        baseSha: 'e'.repeat(40),
        mergedAt: '2026-11-22T10:04:00.000Z',
      }),
      storedEvent('repository-7', 9, 'RepositoryStarred', { repositoryId: 7, userId: 2, starredAt: '2026-11-22T10:05:00.000Z' }),
    ];
    const dump = await expectIdempotent(pullRequestsProjection, events);
    const [pull] = dump.pull_requests as any[];
    expect(pull).to.deep.include({
      _id: '3',
      id: 3,
      repository_id: 7,
      number: 12,
      user_id: 2,
      title: 'Renamed',
      state: 'closed',
      draft: true,
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:04:00.000Z',
      closed_at: '2026-11-22T10:04:00.000Z',
      merged_at: '2026-11-22T10:04:00.000Z',
      merged_by_id: 5,
      merge_commit_sha: 'c'.repeat(40),
      merge_method: 'squash',
      position: events[4]!.position,
    });
    expect(pull.head).to.deep.equal({ repository_id: 7, ref: 'feature', sha: 'f'.repeat(40) });
    expect(pull.base).to.deep.equal({ repository_id: 7, ref: 'develop', sha: 'e'.repeat(40) });
  });

  it('reopening clears closed_at', async () => {
    const events = [
      storedEvent(stream, 0, 'PullRequestOpened', {
        pullRequestId: 4,
        repositoryId: 7,
        number: 1,
        authorId: 2,
        title: 't',
        body: 'b',
        draft: false,
        maintainerCanModify: false,
        head,
        base,
        openedAt: '2026-11-22T10:00:00.000Z',
      }),
      storedEvent(stream, 1, 'PullRequestClosed', { pullRequestId: 4, closedAt: '2026-11-22T10:02:00.000Z' }),
      storedEvent(stream, 2, 'PullRequestReopened', { pullRequestId: 4, reopenedAt: '2026-11-22T10:03:00.000Z' }),
    ];
    const dump = await expectIdempotent(pullRequestsProjection, events);
    expect(dump.pull_requests).to.have.length(1);
    expect(dump.pull_requests![0]).to.deep.include({ state: 'open', closed_at: null, updated_at: '2026-11-22T10:03:00.000Z' });
  });

  it("its issue side's labels, assignees and milestone move its updated_at, never back", async () => {
    const events = [
      storedEvent(stream, 0, 'PullRequestOpened', {
        pullRequestId: 5,
        issueId: 9,
        repositoryId: 7,
        number: 1,
        authorId: 2,
        title: 't',
        body: null,
        draft: false,
        maintainerCanModify: false,
        head,
        base,
        openedAt: '2026-11-22T10:00:00.000Z',
      }),
      storedEvent('issue-9', 0, 'IssueLabelsChanged', { issueId: 9, labelIds: [1], changedAt: '2026-11-22T10:01:00.000Z' }),
      storedEvent('issue-9', 1, 'IssueMilestoneChanged', { issueId: 9, milestoneId: 4, changedAt: '2026-11-22T10:03:00.000Z' }),
      storedEvent('issue-9', 2, 'IssueAssigneesChanged', { issueId: 9, assigneeIds: [2], changedAt: '2026-11-22T10:02:00.000Z' }),
    ];
    const dump = await expectIdempotent(pullRequestsProjection, events);
    expect(dump.pull_requests![0]).to.deep.include({ updated_at: '2026-11-22T10:03:00.000Z' });
  });
});
