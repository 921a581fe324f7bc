import type { ReactionContent } from '../../domain/issues/reaction.decider.js';
import type { SearchDocument } from '../shared/ports/searchIndex.port.js';
import type { RepositoryBound } from './searchIndexes.js';

// GitHub's reaction sorts (reactions-+1, reactions-smile...) and the content each counts.
export const REACTION_SORTS: Readonly<Record<string, { readonly attribute: string; readonly content: ReactionContent }>> = {
  'reactions-+1': { attribute: 'reactions_plus_one', content: '+1' },
  'reactions--1': { attribute: 'reactions_minus_one', content: '-1' },
  'reactions-smile': { attribute: 'reactions_smile', content: 'laugh' },
  'reactions-thinking_face': { attribute: 'reactions_thinking_face', content: 'confused' },
  'reactions-heart': { attribute: 'reactions_heart', content: 'heart' },
  'reactions-tada': { attribute: 'reactions_tada', content: 'hooray' },
};

// One issue or pull request in the issues index (GET /search/issues). Accounts are kept by
// id (logins change); dates in milliseconds (indexedTime); labels and milestone lower-cased.
export interface IssueSearchDocument extends SearchDocument, RepositoryBound {
  // The issues read model's _id: String(issue id), or `pr-<pull request id>` for a pull request.
  id: string;
  number: number;
  title: string;
  body: string;
  // The bodies of the issue's comments, oldest first, bounded (issueSearch.projection.ts).
  comments_text: string;
  type: 'issue' | 'pr';
  state: 'open' | 'closed';
  // Why it was closed or reopened (completed, not_planned, reopened); '' when it says none.
  state_reason: string;
  merged: boolean;
  draft: boolean;
  locked: boolean;
  author_id: number;
  assignee_ids: number[];
  mention_ids: number[];
  commenter_ids: number[];
  // author ∪ assignees ∪ mentioned ∪ commenters
  involves_ids: number[];
  labels: string[];
  milestone: string;
  // Filters cannot ask for an empty array or a missing value alike on both adapters.
  has_labels: boolean;
  has_milestone: boolean;
  has_assignees: boolean;
  // The classic projects holding a card of it (project:, no:project).
  project_ids: number[];
  has_projects: boolean;
  comments: number;
  reactions: number;
  reactions_plus_one: number;
  reactions_minus_one: number;
  reactions_smile: number;
  reactions_thinking_face: number;
  reactions_heart: number;
  reactions_tada: number;
  // comments + reactions
  interactions: number;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
  merged_at: number | null;
  head: string;
  base: string;
  archived: boolean;
  // The repository's issues are turned off: its issues are left out of search (its pull
  // requests stay), as the issues endpoints answer 410 for them.
  issues_off: boolean;
  // The repository's language, as languageKey has it ('' when none): language: filters on it,
  // rewritten when a push changes it, as issues_off is when that setting changes.
  language: string;
}

export const ISSUE_SEARCH_ATTRIBUTES = {
  searchable: ['title', 'body', 'comments_text'],
  // Not the id: no query filters by it, and its postings cost a map entry per document.
  filterable: [
    'repository_id',
    'owner_id',
    'public',
    'type',
    'state',
    'state_reason',
    'merged',
    'draft',
    'locked',
    'author_id',
    'assignee_ids',
    'mention_ids',
    'commenter_ids',
    'involves_ids',
    'labels',
    'milestone',
    'has_labels',
    'has_milestone',
    'has_assignees',
    'project_ids',
    'has_projects',
    'comments',
    'reactions',
    'interactions',
    'created_at',
    'updated_at',
    'closed_at',
    'merged_at',
    'head',
    'base',
    'archived',
    'issues_off',
    'language',
  ],
  ranges: ['comments', 'reactions', 'interactions', 'created_at', 'updated_at', 'closed_at', 'merged_at'],
  sortable: ['comments', 'reactions', ...Object.values(REACTION_SORTS).map((sort) => sort.attribute), 'interactions', 'created_at', 'updated_at'],
} as const;
