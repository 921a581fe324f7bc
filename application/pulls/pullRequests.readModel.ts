import type { MergeMethod } from '../../domain/pulls/pullRequest.events.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

export const REPOSITORY_PULL_COUNTS_COLLECTION = 'repository_pull_counts';
export const PULL_REQUESTS_COLLECTION = 'pull_requests';

export interface PullRequestSideDocument {
  repository_id: number;
  ref: string;
  // The commit recorded by the last event (opening, base change, merge); an open pull
  // request's live tips are read from git when it is shown.
  sha: string;
  // Set once the head repository is deleted: the owner it had then, whom head.user still names.
  owner_id?: number;
}

// Accounts and repositories are kept by id: logins and names change, ids never do.
export interface PullRequestDocument extends Document {
  _id: string; // String(id)
  id: number;
  // Its issue's id (pullRequestIssueId): its conversation's comments and lock name it.
  issue_id: number;
  repository_id: number;
  number: number;
  user_id: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  draft: boolean;
  maintainer_can_modify: boolean;
  head: PullRequestSideDocument;
  base: PullRequestSideDocument;
  // base.ref again, at top level: what the list's base filter and its index read.
  base_ref: string;
  // head.repository_id and head.ref again, at top level: what the list's head filter and its
  // indexes read (a dotted field cannot be one of an ordered index's).
  head_repository_id: number;
  head_ref: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  merged_at: string | null;
  merged_by_id: number | null;
  merge_commit_sha: string | null;
  // The last test merge: for which tips, and its outcome (null while it runs).
  mergeability?: { base_sha: string; head_sha: string; mergeable: boolean | null; test_merge_sha: string | null };
  merge_method: MergeMethod | null;
  // Log position of the last event applied: an event at or below it was applied already.
  position: number;
}

// Open pull requests of a repository, kept by the pull-requests projection (GitHub's
// open_issues_count counts them with the issues).
export interface RepositoryPullCountDocument extends Document {
  _id: string; // String(repository_id)
  repository_id: number;
  open_pull_requests_count: number;
}

export const REPOSITORY_PULL_AUTHORS_COLLECTION = 'repository_pull_authors';
export const PULL_AUTHOR_MERGES_COLLECTION = 'pull_author_merges';

// An author's pull requests on a repository (its base), open and merged, kept by the
// pull-requests projection: what author_association's contribution ladder reads
// (domain/shared/authorAssociation.ts), one look-up per author rather than their history.
export interface RepositoryPullAuthorDocument extends Document {
  _id: string; // `${repository_id}:${user_id}`
  repository_id: number;
  user_id: number;
  open_pull_requests_count: number;
  merged_pull_requests_count: number;
}

// An author's pull requests merged into any repository of the site (FIRST_TIMER: none).
export interface PullAuthorMergesDocument extends Document {
  _id: string; // String(user_id)
  user_id: number;
  merged_pull_requests_count: number;
}

export const repositoryPullAuthorId = (repositoryId: number, userId: number): string => `${repositoryId}:${userId}`;
