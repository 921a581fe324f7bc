// The search indexes, one per kind of document, each kept by its own projection
// (projections/search/). Documents bound to a repository carry the same three fields,
// which visibility and the user:/org:/repo: qualifiers filter on:
//   repository_id, owner_id (the repository's owner), public (false for a private repository).
export const SEARCH_INDEXES = {
  repositories: 'search_repositories',
  issues: 'search_issues',
  users: 'search_users',
  labels: 'search_labels',
  topics: 'search_topics',
  commits: 'search_commits',
  code: 'search_code',
} as const;

export const REPOSITORY_BOUND_FIELDS = ['repository_id', 'owner_id', 'public'] as const;

export interface RepositoryBound {
  readonly repository_id: number;
  readonly owner_id: number;
  readonly public: boolean;
}

// Dates are indexed as milliseconds since the epoch: both adapters compare numbers.
export function indexedTime(iso: string | null | undefined): number | null {
  if (iso === null || iso === undefined) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}

// The projections keeping repository-bound indexes: a command that changes who may see a
// repository (its visibility, its owner, its existence) waits for them before it answers.
export const REPOSITORY_BOUND_SEARCH_PROJECTIONS: readonly string[] = [
  'search-repositories',
  'search-issues',
  'search-labels',
  'search-commits',
  'search-code',
  // Not bound to one repository, but counts public repositories only: a topic only a
  // repository made private used must not outlive the answer.
  'search-topics',
];
