import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { issueCommentDecider, issueCommentStream, type IssueCommentCommand } from '../../domain/issues/issueComment.decider.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS, mayManage, mayModerate } from './issueAccess.js';

// Comments on issues and on pull requests' conversations: anyone who can read comments (a
// locked conversation only takes triagers' comments); its author or a pusher edits or
// deletes one.
@injectable()
export class IssueCommentsHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
  ) {}

  async create(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    body: string,
    context: CommandContext,
  ): Promise<Either<AppError, { commentId: number }>> {
    const scope = await this.access.issue(caller, repositoryId, number, ISSUE_OPERATIONS.participate);
    if (isLeft(scope)) return scope;
    if (scope.right.issue.locked && !mayManage(scope.right.role)) return left({ _tag: 'IssueLocked' });
    const commentId = await this.ids.next('issue_comment');
    const command = {
      type: 'CreateIssueComment' as const,
      commentId,
      issueId: scope.right.issue.id,
      repositoryId,
      authorId: caller.userId,
      body,
      now: context.occurredAt,
    };
    const outcome = await this.run(commentId, command, context);
    return isLeft(outcome) ? outcome : right({ commentId });
  }

  async edit(caller: SignedInCaller, repositoryId: number, commentId: number, body: string, context: CommandContext): Promise<Either<AppError, void>> {
    return this.change(caller, repositoryId, commentId, { type: 'EditIssueComment', commentId, body, now: context.occurredAt }, context);
  }

  async delete(caller: SignedInCaller, repositoryId: number, commentId: number, context: CommandContext): Promise<Either<AppError, void>> {
    return this.change(caller, repositoryId, commentId, { type: 'DeleteIssueComment', commentId, now: context.occurredAt }, context);
  }

  private async change(
    caller: SignedInCaller,
    repositoryId: number,
    commentId: number,
    command: IssueCommentCommand,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const scope = await this.access.comment(caller, repositoryId, commentId, ISSUE_OPERATIONS.participate);
    if (isLeft(scope)) return scope;
    if (scope.right.comment.user_id !== caller.userId && !mayModerate(scope.right.role))
      return left({ _tag: 'IssueChangeForbidden', resource: 'IssueComment' });
    return this.run(commentId, command, context);
  }

  private async run(commentId: number, command: IssueCommentCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, issueCommentDecider, issueCommentStream(commentId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
