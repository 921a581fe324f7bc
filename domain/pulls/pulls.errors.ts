export type PullsError =
  | { readonly _tag: 'PullRequestNotFound' }
  // head or base names no branch of its repository.
  | { readonly _tag: 'PullRequestBranchNotFound'; readonly field: 'head' | 'base'; readonly branch: string }
  // head is neither a branch of this repository nor `owner:branch` of a fork of it.
  | { readonly _tag: 'InvalidPullRequestHead'; readonly head: string }
  | { readonly _tag: 'NoCommitsBetween'; readonly base: string; readonly head: string }
  // base and head have no common ancestor: git cannot merge them.
  | { readonly _tag: 'NoCommonHistory'; readonly base: string; readonly headLabel: string }
  | { readonly _tag: 'PullRequestAlreadyExists'; readonly headLabel: string }
  | { readonly _tag: 'InvalidPullRequestField'; readonly field: string; readonly code: 'missing_field' | 'invalid' }
  | { readonly _tag: 'PullRequestStateRefused'; readonly reason: 'base_of_closed' | 'reopen_merged' }
  // GitHub's 405: already merged, closed, or git cannot merge the branches cleanly.
  | { readonly _tag: 'PullRequestNotMergeable' }
  // GitHub's 409: the sha the caller reviewed is no longer the head.
  | { readonly _tag: 'PullRequestHeadModified' }
  | { readonly _tag: 'PullRequestBaseModified' };
