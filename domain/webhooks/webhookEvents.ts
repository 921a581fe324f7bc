// The webhook events forgelog delivers (GitHub's names), and `*` for all of them.
export const WEBHOOK_EVENT_NAMES: ReadonlySet<string> = new Set([
  'push',
  'create',
  'delete',
  'fork',
  'watch',
  'issues',
  'issue_comment',
  'member',
  'public',
  'pull_request',
  'label',
  'milestone',
  'repository',
  'project',
  'project_column',
  'project_card',
  'repository_import',
]);

// Domain events webhooks report that the activity feeds do not derive from.
export const WEBHOOK_ONLY_SOURCE_TYPES: ReadonlySet<string> = new Set([
  'LabelCreated',
  'LabelUpdated',
  'MilestoneCreated',
  'MilestoneUpdated',
  'RepositoryRenamed',
  'RepositoryArchived',
  'RepositoryUnarchived',
  'ProjectCreated',
  'ProjectUpdated',
  'ProjectColumnCreated',
  'ProjectColumnRenamed',
  'ProjectColumnMoved',
  'ProjectCardCreated',
  'ProjectCardUpdated',
  'ProjectCardMoved',
  // Deletions: the object from the copy its projection keeps for a few days.
  'LabelDeleted',
  'MilestoneDeleted',
  'RepositoryDeleted',
  'ProjectDeleted',
  'ProjectColumnDeleted',
  'ProjectCardDeleted',
  // An import's end: repository_import with success, failure or cancelled.
  'ImportCompleted',
  'ImportFailed',
  'ImportCancelled',
]);

export const ALL_EVENTS = '*';

// A hook subscribed to `*` hears every event; `ping` goes to every hook whatever it listens to.
export function hookListensTo(events: readonly string[], name: string): boolean {
  return name === 'ping' || events.includes(ALL_EVENTS) || events.includes(name);
}
