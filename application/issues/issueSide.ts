import { issueDecider, type IssueFieldCommand } from '../../domain/issues/issue.decider.js';
import { issueStream } from '../../domain/issues/issue.events.js';
import { pullRequestIssueDecider } from '../../domain/issues/pullRequestIssue.decider.js';
import type { Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { inTurn } from '../shared/streamTurns.js';
import type { IssueDocument } from './issues.readModel.js';

// Labels, assignees, milestone and lock on `issue-<issue id>`, decided by the issue's own
// decider or, for a pull request (GitHub takes these on one through the issues API too), by its
// issue side's: that stream has no IssueOpened, its title, body and state being the pull request's.
// Changes of one issue's fields take turns in the process (streamTurns.ts): twenty labels
// added at once raced for the same revision, and most answered 409 once their retries ran out.
export function decideOnIssue(
  eventStore: EventStore,
  issue: Pick<IssueDocument, 'id' | 'pull_request'>,
  command: IssueFieldCommand,
  context: CommandContext,
): Promise<Either<AppError, { readonly position?: number }>> {
  const stream = issueStream(issue.id);
  return inTurn<Either<AppError, { readonly position?: number }>>(eventStore, stream, () =>
    issue.pull_request === undefined
      ? handleCommand(eventStore, issueDecider, stream, command, context)
      : handleCommand(eventStore, pullRequestIssueDecider, stream, command, context),
  );
}
