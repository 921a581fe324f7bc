import { issueDecider, type IssueFieldCommand } from '../../domain/issues/issue.decider.js';
import { issueStream } from '../../domain/issues/issue.events.js';
import { pullRequestIssueDecider } from '../../domain/issues/pullRequestIssue.decider.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { IssueDocument } from './issues.readModel.js';

// Labels, assignees, milestone and lock on `issue-<issue id>`, decided by the issue's own
// decider or, for a pull request (GitHub takes these on one through the issues API too), by its
// issue side's: that stream has no IssueOpened, its title, body and state being the pull request's.
export function decideOnIssue(eventStore: EventStore, issue: Pick<IssueDocument, 'id' | 'pull_request'>, command: IssueFieldCommand, context: CommandContext) {
  return issue.pull_request === undefined
    ? handleCommand(eventStore, issueDecider, issueStream(issue.id), command, context)
    : handleCommand(eventStore, pullRequestIssueDecider, issueStream(issue.id), command, context);
}
