import { issueDecider, type IssueFieldCommand } from '../../domain/issues/issue.decider.js';
import { issueStream } from '../../domain/issues/issue.events.js';
import { pullRequestIssueDecider } from '../../domain/issues/pullRequestIssue.decider.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { inTurn } from '../shared/streamTurns.js';
import type { IssueDocument } from './issues.readModel.js';

// Labels, assignees, milestone and lock on `issue-<issue id>`, decided by the issue's own
// decider or, for a pull request (GitHub takes these on one through the issues API too), by its
// issue side's: that stream has no IssueOpened, its title, body and state being the pull request's.
// An issue's commands take turns in this process (streamTurns.ts): forty labels added to one
// issue at once had raced for one revision until most answered 409.
export function decideOnIssue(eventStore: EventStore, issue: Pick<IssueDocument, 'id' | 'pull_request'>, command: IssueFieldCommand, context: CommandContext) {
  const stream = issueStream(issue.id);
  return issue.pull_request === undefined
    ? inTurn(eventStore, stream, () => handleCommand(eventStore, issueDecider, stream, command, context))
    : inTurn(eventStore, stream, () => handleCommand(eventStore, pullRequestIssueDecider, stream, command, context));
}
