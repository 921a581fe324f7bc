import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueQueries } from './issue.queries.js';
import { decideOnIssue } from './issueSide.js';

// GitHub unassigns a collaborator removed from a repository from its issues ("Remove a
// repository collaborator": "Unassigns the user from any issues"), pull requests among them (a
// pull request's assignees are its issue side's). Each issue's stream records it, as a removal
// through the assignees endpoint would.
@injectable()
export class RemovedCollaboratorAssignments {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueQueries) private readonly issues: IssueQueries,
  ) {}

  async unassign(repositoryId: number, userId: number, context: CommandContext): Promise<Either<AppError, void>> {
    for (const issue of await this.issues.assignedTo(repositoryId, userId)) {
      const command = { type: 'RemoveIssueAssignees' as const, issueId: issue.id, assigneeIds: [userId], now: context.occurredAt };
      const outcome = await decideOnIssue(this.eventStore, issue, command, context);
      if (isLeft(outcome)) return outcome;
      await this.readYourWrites.settle(outcome.right.position);
    }
    return right(undefined);
  }
}
