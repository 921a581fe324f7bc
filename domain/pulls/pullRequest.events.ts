import type { DomainEvent } from '../shared/event.js';
import type { PushedCommit } from '../gitdata/refMoved.js';

// One side of a pull request: a branch of a repository, and the commit it pointed at.
export interface PullRequestSide {
  readonly repositoryId: number;
  readonly ref: string;
  readonly sha: string;
}

export type MergeMethod = 'merge' | 'squash' | 'rebase';

export type PullRequestOpened = DomainEvent<
  'PullRequestOpened',
  {
    readonly pullRequestId: number;
    // Absent from events written before pull requests drew an issue id: read it through
    // pullRequestIssueId.
    readonly issueId?: number;
    readonly repositoryId: number;
    readonly number: number;
    readonly authorId: number;
    readonly title: string;
    readonly body: string | null;
    readonly draft: boolean;
    readonly maintainerCanModify: boolean;
    readonly head: PullRequestSide;
    readonly base: PullRequestSide;
    readonly openedAt: string;
  }
>;

// The id of a pull request's issue (GitHub's issue side of it, from the issue id sequence).
// Events logged before the issue id was drawn carry none (still schemaVersion 1: the field's
// absence is the version): their issue takes the negated pull request id, which no id sequence
// hands out (they count from 1), so it can never be a real issue's id.
export function pullRequestIssueId(data: PullRequestOpened['data']): number {
  return data.issueId ?? -data.pullRequestId;
}

export interface PullRequestChanges {
  readonly title?: string;
  readonly body?: string | null;
  readonly maintainerCanModify?: boolean;
  // A new base branch, with the commit it pointed at when the base was changed.
  readonly base?: { readonly ref: string; readonly sha: string };
}

// Only what changed.
export type PullRequestEdited = DomainEvent<
  'PullRequestEdited',
  { readonly pullRequestId: number; readonly changes: PullRequestChanges; readonly editedAt: string }
>;
// `headSha`: the head branch's tip when it was closed, which a closed pull request keeps
// (absent from events recorded before it was: the head it was opened with).
export type PullRequestClosed = DomainEvent<'PullRequestClosed', { readonly pullRequestId: number; readonly closedAt: string; readonly headSha?: string }>;
export type PullRequestReopened = DomainEvent<'PullRequestReopened', { readonly pullRequestId: number; readonly reopenedAt: string }>;

// The merge as git recorded it: the commit written onto the base branch, the head commit
// merged and the base commit it was merged onto (what the pull request's diff stays).
export type PullRequestMerged = DomainEvent<
  'PullRequestMerged',
  {
    readonly pullRequestId: number;
    readonly mergedBy: number;
    readonly mergeMethod: MergeMethod;
    readonly mergeCommitSha: string;
    readonly headSha: string;
    readonly baseSha: string;
    readonly mergedAt: string;
    // What the base branch's move added (GitHub's PushEvent for the merge): how many commits,
    // how many are new to the repository, and the newest twenty, oldest first. Absent in
    // merges recorded before it was: they report no push.
    readonly pushed?: MergePush;
  }
>;

export interface MergePush {
  readonly size: number;
  readonly distinctSize: number;
  readonly commits: readonly PushedCommit[];
}

// A test merge asked for (viewing, opening or editing a pull request whose tips have moved
// since the last one), and its outcome: GitHub's `mergeable`, with the commit kept at
// refs/pull/<n>/merge when the merge is clean.
export type PullRequestMergeabilityRequested = DomainEvent<
  'PullRequestMergeabilityRequested',
  { readonly pullRequestId: number; readonly baseSha: string; readonly headSha: string; readonly requestedAt: string }
>;
export type PullRequestMergeabilityChecked = DomainEvent<
  'PullRequestMergeabilityChecked',
  { readonly pullRequestId: number; readonly baseSha: string; readonly headSha: string; readonly mergeable: boolean; readonly mergeCommitSha: string | null }
>;

export type PullRequestEvent =
  | PullRequestOpened
  | PullRequestEdited
  | PullRequestClosed
  | PullRequestReopened
  | PullRequestMerged
  | PullRequestMergeabilityRequested
  | PullRequestMergeabilityChecked;
