import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { LockReason } from '../../domain/issues/issue.events.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS } from './issueAccess.js';
import { decideOnIssue } from './issueSide.js';

// PUT and DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock: triagers and up, on an
// issue or a pull request's conversation (GitHub locks both here).
@injectable()
export class LockIssueHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
  ) {}

  async execute(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    lock: { readonly lockReason: LockReason | null } | null,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const scope = await this.access.issue(caller, repositoryId, number, ISSUE_OPERATIONS.manage);
    if (isLeft(scope)) return scope;
    const issueId = scope.right.issue.id;
    const command =
      lock === null
        ? { type: 'UnlockIssue' as const, issueId, now: context.occurredAt }
        : { type: 'LockIssue' as const, issueId, lockReason: lock.lockReason, now: context.occurredAt };
    const outcome = await decideOnIssue(this.eventStore, scope.right.issue, command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
