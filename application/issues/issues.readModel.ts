import type { ReactionContent, ReactionSubjectType } from '../../domain/issues/reaction.decider.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

// The issues projection writes all six collections: counters (comments, milestone issue
// counts, reaction rollups, open issues per repository) move by increments that ride on the
// guarded write of what they count (issueCounters.ts), so each has one writer and a replayed
// event moves nothing.
export const ISSUES_COLLECTION = 'issues';
// A pull request's issue (GitHub lists pull requests among the issues) is kept under an _id of its own kind.
export const pullRequestIssueDocumentId = (pullRequestId: number): string => `pr-${pullRequestId}`;
// The pull request whose issue this is (its _id, above).
export const pullRequestIdOf = (issue: { readonly _id: string }): number => Number(issue._id.slice('pr-'.length));
export const ISSUE_COMMENTS_COLLECTION = 'issue_comments';
export const LABELS_COLLECTION = 'labels';
export const MILESTONES_COLLECTION = 'milestones';
export const REACTIONS_COLLECTION = 'reactions';
// Open issues per repository: what GitHub's open_issues_count on a repository shows.
export const REPOSITORY_ISSUE_COUNTS_COLLECTION = 'repository_issue_counts';

export type ReactionCounts = { total_count: number } & Record<ReactionContent, number>;

export interface IssueDocument extends Document {
  _id: string; // String(id)
  id: number;
  repository_id: number;
  number: number;
  user_id: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  state_reason: 'completed' | 'not_planned' | 'reopened' | null;
  label_ids: number[];
  assignee_ids: number[];
  milestone_id: number | null;
  // The users its body and its comments @mention, by id (projections/issues/issueMentions.ts):
  // the list's `mentioned` filter walks them by index; and its body's own.
  mentioned_ids: number[];
  body_mentioned_ids: number[];
  locked: boolean;
  active_lock_reason: string | null;
  comments: number;
  reactions: ReactionCounts;
  closed_at: string | null;
  closed_by_id: number | null;
  created_at: string;
  updated_at: string;
  // Present on a pull request listed among the issues (projections/issues/pullRequestIssues.apply.ts).
  pull_request?: { merged_at: string | null };
}

export interface IssueCommentDocument extends Document {
  _id: string;
  id: number;
  issue_id: number;
  repository_id: number;
  user_id: number;
  body: string;
  // The users its body @mentions, by id, kept for its issue's mentioned_ids.
  mentioned_ids: number[];
  reactions: ReactionCounts;
  created_at: string;
  updated_at: string;
}

export interface LabelDocument extends Document {
  _id: string;
  id: number;
  repository_id: number;
  name: string;
  name_key: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface MilestoneDocument extends Document {
  _id: string;
  id: number;
  repository_id: number;
  number: number;
  title: string;
  description: string | null;
  state: 'open' | 'closed';
  due_on: string | null;
  creator_id: number;
  open_issues: number;
  closed_issues: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  // The list's sort keys, kept with what they derive from (milestoneSortKeys): a page of
  // milestones walks an ordered index instead of sorting the repository's milestones.
  due_sort: number;
  completeness: number;
}

// Undated milestones sort after every date, as GitHub lists them by due date.
const UNDATED = Number.MAX_SAFE_INTEGER;

export function milestoneSortKeys(
  milestone: Pick<MilestoneDocument, 'due_on' | 'open_issues' | 'closed_issues'>,
): Pick<MilestoneDocument, 'due_sort' | 'completeness'> {
  const total = milestone.open_issues + milestone.closed_issues;
  return {
    due_sort: milestone.due_on === null ? UNDATED : Date.parse(milestone.due_on),
    completeness: total === 0 ? 0 : milestone.closed_issues / total,
  };
}

export interface ReactionDocument extends Document {
  _id: string;
  id: number;
  subject_type: ReactionSubjectType;
  subject_id: number;
  repository_id: number;
  user_id: number;
  content: ReactionContent;
  created_at: string;
}

export interface RepositoryIssueCountDocument extends Document {
  _id: string; // String(repository_id)
  repository_id: number;
  open_issues_count: number;
}
