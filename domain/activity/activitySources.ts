// The domain events an activity event is derived from (projections/activity), which are also
// the events webhooks report: both read the derived records.
export const ACTIVITY_SOURCE_TYPES: ReadonlySet<string> = new Set([
  'RepositoryCreated',
  'RepositoryEdited',
  'RepositoryStarred',
  'CollaboratorAdded',
  'RefCreated',
  'RefUpdated',
  'RefDeleted',
  'IssueOpened',
  'IssueEdited',
  'IssueClosed',
  'IssueReopened',
  'IssueAssigneesChanged',
  'IssueLabelsChanged',
  'IssueCommentCreated',
  'PullRequestOpened',
  'PullRequestEdited',
  'PullRequestClosed',
  'PullRequestReopened',
  'PullRequestMerged',
]);
