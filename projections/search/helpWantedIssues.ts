import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { labelledIssueCount } from './labelledIssueCounts.js';

// GitHub's help-wanted-issues (qualifier and sort) and good-first-issues (qualifier): a
// repository's open issues labelled "help wanted", and "good first issue".
const helpWanted = labelledIssueCount('search_help_wanted_issues', 'help wanted', 'help_wanted');
export const goodFirstIssues = labelledIssueCount('search_good_first_issues', 'good first issue', 'good_first_issue');

export const HELP_WANTED_ISSUES_COLLECTION = helpWanted.collection;
export const HELP_WANTED_INDEX = helpWanted.index;

export function helpWantedIssues(target: ProjectionTarget, repositoryId: number): Promise<number> {
  return helpWanted.count(target, repositoryId);
}

// The repository whose count the event may have changed (null when it changed none).
export function applyHelpWanted(event: StoredEvent, target: ProjectionTarget): Promise<number | null> {
  return helpWanted.apply(event, target);
}
