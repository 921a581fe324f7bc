import { expect } from 'chai';
import { pullRequestIssueId, type PullRequestOpened } from '../../../domain/pulls/pullRequest.events.js';

const side = { repositoryId: 7, ref: 'main', sha: 'b'.repeat(40) };
const opened: PullRequestOpened['data'] = {
  pullRequestId: 3,
  repositoryId: 7,
  number: 12,
  authorId: 2,
  title: 'Add feature',
  body: null,
  draft: false,
  maintainerCanModify: true,
  head: side,
  base: side,
  openedAt: '2026-11-22T10:00:00.000Z',
};

describe("pullRequestIssueId: a pull request's issue id", () => {
  it('is the issue id the event carries', () => {
    expect(pullRequestIssueId({ ...opened, issueId: 41 })).to.equal(41);
  });

  it('is, for an event logged before issue ids were drawn, one no id sequence hands out', () => {
    expect(pullRequestIssueId(opened)).to.equal(-3);
  });
});
