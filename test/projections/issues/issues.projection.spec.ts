import { expect } from 'chai';
import { usersProjection } from '../../../projections/accounts/users.projection.js';
import { issuesProjection } from '../../../projections/issues/issues.projection.js';
import { defaultLabelId } from '../../../domain/issues/defaultLabels.js';
import { repositoryCreatedData } from '../../support/eventData.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T10:00:00.000Z';
const repositoryCreated = storedEvent(
  'repository-3',
  0,
  'RepositoryCreated',
  repositoryCreatedData({ repositoryId: 3, ownerId: 2, name: 'hello', createdAt: at }),
);
const bugId = defaultLabelId(3, 0);

describe('issues projection', () => {
  it('is idempotent and keeps every counter recounted', async () => {
    const dump = await expectIdempotent(issuesProjection, [
      repositoryCreated,
      storedEvent('label-' + bugId, 0, 'LabelUpdated', { labelId: bugId, repositoryId: 3, changes: { name: 'Defect', color: '000000' }, updatedAt: at }),
      storedEvent('label-' + defaultLabelId(3, 8), 0, 'LabelDeleted', { labelId: defaultLabelId(3, 8), repositoryId: 3, name: 'wontfix', deletedAt: at }),
      storedEvent('milestone-4', 0, 'MilestoneCreated', {
        milestoneId: 4,
        repositoryId: 3,
        number: 1,
        creatorId: 2,
        title: 'v1',
        description: null,
        state: 'open',
        dueOn: null,
        createdAt: at,
      }),
      storedEvent('issue-7', 0, 'IssueOpened', {
        issueId: 7,
        repositoryId: 3,
        number: 1,
        authorId: 2,
        title: 'Bug',
        body: null,
        labelIds: [bugId],
        assigneeIds: [],
        milestoneId: 4,
        openedAt: at,
      }),
      storedEvent('issue-8', 0, 'IssueOpened', {
        issueId: 8,
        repositoryId: 3,
        number: 2,
        authorId: 2,
        title: 'Other',
        body: null,
        labelIds: [],
        assigneeIds: [],
        milestoneId: 4,
        openedAt: at,
      }),
      storedEvent('issue-7', 1, 'IssueClosed', { issueId: 7, stateReason: 'completed', closedBy: 2, closedAt: at }),
      storedEvent('issue-comment-1', 0, 'IssueCommentCreated', { commentId: 1, issueId: 8, repositoryId: 3, authorId: 2, body: 'hi', createdAt: at }),
      storedEvent('issue-comment-2', 0, 'IssueCommentCreated', { commentId: 2, issueId: 8, repositoryId: 3, authorId: 2, body: 'again', createdAt: at }),
      storedEvent('issue-comment-2', 1, 'IssueCommentDeleted', { commentId: 2, issueId: 8, deletedAt: at }),
      storedEvent('reactions-issue-8-2', 0, 'ReactionAdded', {
        reactionId: 5,
        subject: { type: 'issue', id: 8 },
        repositoryId: 3,
        userId: 2,
        content: 'heart',
        createdAt: at,
      }),
      storedEvent('reactions-issue-8-2', 1, 'ReactionAdded', {
        reactionId: 6,
        subject: { type: 'issue', id: 8 },
        repositoryId: 3,
        userId: 2,
        content: '+1',
        createdAt: at,
      }),
      storedEvent('reactions-issue-8-2', 2, 'ReactionRemoved', { reactionId: 6, subject: { type: 'issue', id: 8 }, userId: 2, removedAt: at }),
      storedEvent('issue-8', 1, 'IssueMilestoneChanged', { issueId: 8, milestoneId: null, changedAt: at }),
    ]);
    const labels = dump.labels as { name: string; default: boolean; color: string }[];
    expect(labels).to.have.length(8);
    expect(labels.find((label) => label.name === 'Defect')).to.include({ default: true, color: '000000' });
    const issues = dump.issues as { id: number; comments: number; reactions: Record<string, number> }[];
    expect(issues.find((issue) => issue.id === 8)).to.deep.include({ comments: 1 });
    expect(issues.find((issue) => issue.id === 8)?.reactions).to.include({ total_count: 1, heart: 1, '+1': 0 });
    expect(dump.milestones).to.have.length(1);
    expect(dump.milestones[0]).to.include({ open_issues: 0, closed_issues: 1 });
    expect(dump.repository_issue_counts).to.deep.equal([{ _id: '3', repository_id: 3, open_issues_count: 1 }]);
  });

  it('keeps the ids an issue mentions, through body and comment edits and deletions, each applied twice the same', async () => {
    // The accounts a login resolves to are the users projection's, applied first in its lane.
    const withUsers = {
      ...issuesProjection,
      apply: (event: Parameters<typeof issuesProjection.apply>[0], target: Parameters<typeof issuesProjection.apply>[1]) =>
        event.type === 'UserCreated' ? usersProjection.apply(event, target) : issuesProjection.apply(event, target),
    };
    const user = (userId: number, login: string) =>
      storedEvent(`user-${userId}`, 0, 'UserCreated', { userId, login, email: null, name: null, siteAdmin: false, passwordHash: null, createdAt: at });
    const comment = (commentId: number, version: number, type: string, data: Record<string, unknown>) =>
      storedEvent(`issue-comment-${commentId}`, version, type, { commentId, ...data });
    const dump = await expectIdempotent(withUsers, [
      repositoryCreated,
      user(20, 'mona'),
      user(21, 'Hubot'),
      user(22, 'octocat'),
      storedEvent('issue-9', 0, 'IssueOpened', {
        issueId: 9,
        repositoryId: 3,
        number: 1,
        authorId: 2,
        title: '@octocat in a title counts nothing',
        body: 'cc @mona and @nobody-has-this',
        labelIds: [],
        assigneeIds: [],
        milestoneId: null,
        openedAt: at,
      }),
      comment(1, 0, 'IssueCommentCreated', { issueId: 9, repositoryId: 3, authorId: 2, body: '@hubot, and @mona again', createdAt: at }),
      comment(2, 0, 'IssueCommentCreated', { issueId: 9, repositoryId: 3, authorId: 2, body: '@octocat', createdAt: at }),
      // The body drops mona, whom comment 1 still mentions; comment 2 drops octocat, then 1 is deleted.
      storedEvent('issue-9', 1, 'IssueEdited', { issueId: 9, changes: { body: 'no one' }, editedAt: at }),
      comment(2, 1, 'IssueCommentEdited', { body: 'no one either', editedAt: at }),
    ]);
    const issue = () => (dump.issues as { id: number; mentioned_ids: number[]; body_mentioned_ids: number[] }[]).find((found) => found.id === 9)!;
    expect([...issue().mentioned_ids].sort()).to.deep.equal([20, 21]);
    expect(issue().body_mentioned_ids).to.deep.equal([]);
    expect((dump.issue_comments as { id: number; mentioned_ids: number[] }[]).map((kept) => [kept.id, kept.mentioned_ids])).to.deep.equal([
      [1, [21, 20]],
      [2, []],
    ]);
    const afterDeletion = await expectIdempotent(withUsers, [
      repositoryCreated,
      user(20, 'mona'),
      storedEvent('issue-9', 0, 'IssueOpened', {
        issueId: 9,
        repositoryId: 3,
        number: 1,
        authorId: 2,
        title: 'T',
        body: null,
        labelIds: [],
        assigneeIds: [],
        milestoneId: null,
        openedAt: at,
      }),
      comment(1, 0, 'IssueCommentCreated', { issueId: 9, repositoryId: 3, authorId: 2, body: '@mona', createdAt: at }),
      comment(1, 1, 'IssueCommentDeleted', { issueId: 9, deletedAt: at }),
    ]);
    expect((afterDeletion.issues as { id: number; mentioned_ids: number[] }[]).find((found) => found.id === 9)!.mentioned_ids).to.deep.equal([]);
  });

  it("applies a pull request's issue side to its mirrored issue, and counts it in its milestone once as it closes and reopens", async () => {
    const side = { repositoryId: 3, ref: 'feature', sha: 'a'.repeat(40) };
    const milestoneCreated = storedEvent('milestone-4', 0, 'MilestoneCreated', {
      milestoneId: 4,
      repositoryId: 3,
      number: 1,
      creatorId: 2,
      title: 'v1',
      description: null,
      state: 'open',
      dueOn: null,
      createdAt: at,
    });
    const pull = (revision: number, type: string, data: Record<string, unknown>) =>
      storedEvent('pull-request-5', revision, type, { pullRequestId: 5, ...data });
    const dump = await expectIdempotent(issuesProjection, [
      repositoryCreated,
      milestoneCreated,
      pull(0, 'PullRequestOpened', {
        issueId: 9,
        repositoryId: 3,
        number: 1,
        authorId: 2,
        title: 'Feature',
        body: null,
        draft: false,
        maintainerCanModify: false,
        head: side,
        base: { ...side, ref: 'main' },
        openedAt: at,
      }),
      storedEvent('issue-9', 0, 'IssueLabelsChanged', { issueId: 9, labelIds: [bugId], changedAt: at }),
      storedEvent('issue-9', 1, 'IssueAssigneesChanged', { issueId: 9, assigneeIds: [2], changedAt: at }),
      storedEvent('issue-9', 2, 'IssueMilestoneChanged', { issueId: 9, milestoneId: 4, changedAt: at }),
      pull(1, 'PullRequestClosed', { closedAt: at }),
      pull(2, 'PullRequestReopened', { reopenedAt: at }),
      pull(3, 'PullRequestMerged', {
        mergedBy: 2,
        mergeMethod: 'merge',
        mergeCommitSha: 'c'.repeat(40),
        headSha: 'a'.repeat(40),
        baseSha: 'b'.repeat(40),
        mergedAt: at,
      }),
    ]);
    expect(dump.issues).to.have.length(1);
    expect(dump.issues[0]).to.deep.include({ _id: 'pr-5', id: 9, label_ids: [bugId], assignee_ids: [2], milestone_id: 4, state: 'closed' });
    expect(dump.milestones[0]).to.include({ open_issues: 0, closed_issues: 1 });
    // A pull request counts in no repository's open issues.
    expect(dump.repository_issue_counts ?? []).to.deep.equal([]);
  });

  it("drops a deleted repository's labels and issues", async () => {
    const dump = await expectIdempotent(issuesProjection, [
      repositoryCreated,
      storedEvent('issue-9', 0, 'IssueOpened', {
        issueId: 9,
        repositoryId: 3,
        number: 1,
        authorId: 2,
        title: 'x',
        body: null,
        labelIds: [],
        assigneeIds: [],
        milestoneId: null,
        openedAt: at,
      }),
      storedEvent('repository-3', 1, 'RepositoryDeleted', { repositoryId: 3, ownerId: 2, name: 'hello', deletedAt: at }),
    ]);
    expect(dump.labels).to.deep.equal([]);
    expect(dump.issues).to.deep.equal([]);
  });
});

describe('issues projection: copies of deleted labels and milestones', () => {
  const deletedLabel = (labelId: number, occurredAt: string) => {
    const event = storedEvent('label-' + labelId, 0, 'LabelDeleted', { labelId, repositoryId: 3, name: 'x', deletedAt: occurredAt });
    return { ...event, metadata: { ...event.metadata, occurredAt } };
  };

  it('keeps what a deleted label was, applied twice the same, and prunes copies older than three days', async () => {
    const wontfix = defaultLabelId(3, 8);
    const question = defaultLabelId(3, 7);
    const dump = await expectIdempotent(issuesProjection, [repositoryCreated, deletedLabel(wontfix, '2026-11-22T10:00:00.000Z')]);
    expect(dump.issues_deleted).to.have.length(1);
    expect(dump.issues_deleted![0]).to.deep.include({ _id: `label:${wontfix}`, kind: 'label', deleted_at: '2026-11-22T10:00:00.000Z' });
    expect((dump.issues_deleted![0] as any).document).to.include({ id: wontfix, name: 'wontfix', repository_id: 3, default: true });
    const later = await expectIdempotent(issuesProjection, [
      repositoryCreated,
      deletedLabel(wontfix, '2026-11-22T10:00:00.000Z'),
      deletedLabel(question, '2026-11-25T10:00:01.000Z'),
    ]);
    expect(later.issues_deleted!.map((copy: any) => copy._id)).to.deep.equal([`label:${question}`]);
  });
});
