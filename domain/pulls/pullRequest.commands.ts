import type { MergeMethod, MergePush, PullRequestSide } from './pullRequest.events.js';

// Facts the decider cannot look up itself (git's commit count, the open pull requests of the
// same branches) arrive in the command, found by the handler just before deciding.
export interface OpenPullRequest {
  readonly type: 'OpenPullRequest';
  readonly pullRequestId: number;
  // The pull request's issue: an id of the issue sequence, as on GitHub.
  readonly issueId: number;
  readonly repositoryId: number;
  readonly number: number;
  readonly authorId: number;
  readonly title: string;
  readonly body: string | null;
  readonly draft: boolean;
  readonly maintainerCanModify: boolean;
  readonly head: PullRequestSide;
  readonly base: PullRequestSide;
  // How GitHub names the head in its messages: the label "octocat:feature" for duplicates,
  // the branch alone ("feature") for commits within the same repository.
  readonly headLabel: string;
  readonly headName: string;
  // Whether base and head have a common ancestor (GitHub opens no pull request between unrelated histories).
  readonly historiesShared: boolean;
  readonly commitsBetween: number;
  readonly openDuplicateExists: boolean;
  readonly now: Date;
}

export interface EditPullRequest {
  readonly type: 'EditPullRequest';
  readonly title?: string;
  readonly body?: string | null;
  readonly maintainerCanModify?: boolean;
  readonly state?: 'open' | 'closed';
  readonly base?: { readonly ref: string; readonly sha: string };
  // For a closing: the head branch's tip now, which the closed pull request keeps.
  readonly headSha?: string;
  readonly headLabel: string;
  // For a reopening: whether another open pull request already joins the same branches.
  readonly openDuplicateExists: boolean;
  readonly now: Date;
}

export interface MergePullRequest {
  readonly type: 'MergePullRequest';
  readonly mergedBy: number;
  readonly mergeMethod: MergeMethod;
  // The sha the caller says it reviewed (GitHub's optional `sha`), and the head git has now.
  readonly expectedHeadSha: string | null;
  readonly headSha: string;
  readonly baseSha: string;
  readonly mergeCommitSha: string;
  readonly pushed?: MergePush;
  readonly now: Date;
}

export interface RequestMergeability {
  readonly type: 'RequestMergeability';
  readonly baseSha: string;
  readonly headSha: string;
  readonly now: Date;
}

export interface RecordMergeability {
  readonly type: 'RecordMergeability';
  readonly baseSha: string;
  readonly headSha: string;
  readonly mergeable: boolean;
  readonly mergeCommitSha: string | null;
}

export type PullRequestCommand = OpenPullRequest | EditPullRequest | MergePullRequest | RequestMergeability | RecordMergeability;
