import { ISSUES_COLLECTION, LABELS_COLLECTION, type IssueDocument, type LabelDocument } from '../../application/issues/issues.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// GitHub's help-wanted-issues sort: a repository's open issues labelled "help wanted". One
// document per issue that counts, kept as each issue changes, so the count is a count of an
// indexed prefix (the embedded store keeps those), never a scan of the repository's issues.
export const HELP_WANTED_ISSUES_COLLECTION = 'search_help_wanted_issues';
export const HELP_WANTED_INDEX = { name: 'repository_issue', keys: { repository_id: 1, help_wanted: 1, issue_id: 1 } } as const;

interface HelpWantedIssue extends Document {
  _id: string; // String(issue id)
  repository_id: number;
  issue_id: number;
  help_wanted: true;
}

const HELP_WANTED = 'help wanted';
const ISSUE_EVENTS = new Set(['IssueOpened', 'IssueClosed', 'IssueReopened', 'IssueLabelsChanged']);
const LABEL_EVENTS = new Set(['LabelCreated', 'LabelUpdated', 'LabelDeleted']);

const flags = (target: ProjectionTarget) => target.collection<HelpWantedIssue>(HELP_WANTED_ISSUES_COLLECTION);

function helpWantedLabel(target: ProjectionTarget, repositoryId: number): Promise<LabelDocument | null> {
  return target.collection<LabelDocument>(LABELS_COLLECTION).findOne({ repository_id: repositoryId, name_key: HELP_WANTED });
}

// Every flag kept is one that counts: counted by the repository alone, the one leading field
// whose counts the index keeps (pinning `help_wanted` as well would walk the flags).
export function helpWantedIssues(target: ProjectionTarget, repositoryId: number): Promise<number> {
  return flags(target).count({ repository_id: repositoryId });
}

// The repository whose count the event may have changed (null when it changed none).
export async function applyHelpWanted(event: StoredEvent, target: ProjectionTarget): Promise<number | null> {
  if (ISSUE_EVENTS.has(event.type)) return issueChanged(target, (event.data as { issueId: number }).issueId);
  if (LABEL_EVENTS.has(event.type)) return labelChanged(target, (event.data as { repositoryId: number }).repositoryId);
  return null;
}

async function issueChanged(target: ProjectionTarget, issueId: number): Promise<number | null> {
  const issue = await target.collection<IssueDocument>(ISSUES_COLLECTION).findOne({ _id: String(issueId) });
  if (issue === null) return null;
  const label = await helpWantedLabel(target, issue.repository_id);
  const counts = label !== null && issue.state === 'open' && issue.label_ids.includes(label.id);
  const counted = (await flags(target).findOne({ _id: String(issueId) })) !== null;
  if (counts === counted) return null;
  if (counts)
    await flags(target).replaceOne(
      { _id: String(issueId) },
      { _id: String(issueId), repository_id: issue.repository_id, issue_id: issueId, help_wanted: true },
      { upsert: true },
    );
  else await flags(target).deleteOne({ _id: String(issueId) });
  return issue.repository_id;
}

// A label made, renamed or deleted: the repository's issues holding "help wanted" now, found
// through that label (a cost of the issues it labels, on a rare event).
async function labelChanged(target: ProjectionTarget, repositoryId: number): Promise<number> {
  await flags(target).deleteMany({ repository_id: repositoryId });
  const label = await helpWantedLabel(target, repositoryId);
  if (label === null) return repositoryId;
  const labelled = await target.collection<IssueDocument>(ISSUES_COLLECTION).find({ repository_id: repositoryId, label_ids: label.id, state: 'open' });
  // Pull requests carry labels too, and count as no issue here (issueChanged finds none by _id).
  for (const issue of labelled.filter((one) => one.pull_request === undefined))
    await flags(target).replaceOne(
      { _id: String(issue.id) },
      { _id: String(issue.id), repository_id: repositoryId, issue_id: issue.id, help_wanted: true },
      { upsert: true },
    );
  return repositoryId;
}
