import type { Decider } from '../shared/decider.js';
import { decideFields, evolveFields, type IssueFieldCommand, type IssueFieldsState } from './issue.decider.js';
import type { IssueEvent } from './issue.events.js';
import type { IssuesError } from './issues.errors.js';

// A pull request's issue side, on its issue's stream (`issue-<issue id>`): the labels,
// assignees, milestone and conversation lock GitHub sets on a pull request through the issues
// API. Its title, body and state live with the pull request itself (`pull-request-<id>`), so
// this stream has no IssueOpened, where the issue decider needs one; a stream written before
// it held these fields holds locks alone, which fold the same.
export const pullRequestIssueDecider: Decider<IssueFieldCommand, IssueFieldsState, IssueEvent, IssuesError> = {
  initialState: () => ({ labelIds: [], assigneeIds: [], milestoneId: null, locked: false }),
  evolve: evolveFields,
  decide: decideFields,
};
