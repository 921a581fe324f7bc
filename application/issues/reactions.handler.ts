import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { issueValidation } from '../../domain/issues/issues.errors.js';
import { isReactionContent, reactionDecider, reactionStream, type ReactionSubject } from '../../domain/issues/reaction.decider.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS, mayManage, type IssueScope } from './issueAccess.js';
import type { IssueDocument } from './issues.readModel.js';

// Where a reaction goes: an issue by number or an issue comment by id.
export type ReactionTarget = { readonly type: 'issue'; readonly number: number } | { readonly type: 'issue_comment'; readonly commentId: number };

// Reactions on issues and comments: anyone who can read reacts (in a locked conversation,
// triagers only); each person holds at most one reaction of each content, and only they
// remove it.
@injectable()
export class ReactionsHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
  ) {}

  // `created` false: the caller had already reacted so; GitHub answers 200 with that reaction.
  async add(
    caller: SignedInCaller,
    repositoryId: number,
    target: ReactionTarget,
    content: string,
    context: CommandContext,
  ): Promise<Either<AppError, { reactionId: number; created: boolean }>> {
    if (!isReactionContent(content)) return left(issueValidation('Reaction', 'content', 'invalid'));
    const scope = await this.subject(caller, repositoryId, target);
    if (isLeft(scope)) return scope;
    if (scope.right.issue.locked && !mayManage(scope.right.role)) return left({ _tag: 'IssueLocked' });
    const subject = scope.right.subject;
    const reactionId = await this.ids.next('reaction');
    const command = { type: 'AddReaction' as const, reactionId, subject, repositoryId, userId: caller.userId, content, now: context.occurredAt };
    const outcome = await handleCommand(this.eventStore, reactionDecider, reactionStream(subject, caller.userId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    const held = outcome.right.state.byContent[content] ?? reactionId;
    return right({ reactionId: held, created: outcome.right.events.length > 0 });
  }

  async remove(
    caller: SignedInCaller,
    repositoryId: number,
    target: ReactionTarget,
    reaction: { readonly id: number; readonly userId: number },
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const scope = await this.subject(caller, repositoryId, target);
    if (isLeft(scope)) return scope;
    if (reaction.userId !== caller.userId) return left({ _tag: 'IssueChangeForbidden', resource: 'Reaction' });
    const command = { type: 'RemoveReaction' as const, reactionId: reaction.id, subject: scope.right.subject, userId: caller.userId, now: context.occurredAt };
    const outcome = await handleCommand(this.eventStore, reactionDecider, reactionStream(scope.right.subject, caller.userId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }

  private async subject(
    caller: SignedInCaller,
    repositoryId: number,
    target: ReactionTarget,
  ): Promise<Either<AppError, IssueScope & { issue: IssueDocument; subject: ReactionSubject }>> {
    if (target.type === 'issue') {
      const scope = await this.access.issue(caller, repositoryId, target.number, ISSUE_OPERATIONS.participate);
      return isLeft(scope) ? scope : right({ ...scope.right, subject: { type: 'issue', id: scope.right.issue.id } });
    }
    const scope = await this.access.comment(caller, repositoryId, target.commentId, ISSUE_OPERATIONS.participate);
    return isLeft(scope) ? scope : right({ ...scope.right, subject: { type: 'issue_comment', id: scope.right.comment.id } });
  }
}
