import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { milestoneDecider, milestoneStream, type MilestoneCommand, type MilestoneFacts } from '../../domain/issues/milestone.decider.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS } from './issueAccess.js';
import { IssueQueries } from './issue.queries.js';
import { MilestoneNumberAllocator } from './milestoneNumberAllocator.js';

// POST, PATCH, DELETE /repos/{owner}/{repo}/milestones[/{milestone_number}]: pushers.
@injectable()
export class MilestonesHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(MilestoneNumberAllocator) private readonly numbers: MilestoneNumberAllocator,
    @inject(IssueAccess) private readonly access: IssueAccess,
    @inject(IssueQueries) private readonly issues: IssueQueries,
  ) {}

  async create(caller: SignedInCaller, repositoryId: number, facts: MilestoneFacts, context: CommandContext): Promise<Either<AppError, { number: number }>> {
    const scope = await this.access.repository(caller, repositoryId, ISSUE_OPERATIONS.moderate, false);
    if (isLeft(scope)) return scope;
    const milestoneId = await this.ids.next('milestone');
    const command = { type: 'CreateMilestone' as const, milestoneId, repositoryId, number: 0, creatorId: caller.userId, ...facts, now: context.occurredAt };
    // Checked before a number is drawn, so refused input leaves no gap in the sequence.
    const check = milestoneDecider.decide(command, milestoneDecider.initialState());
    if (isLeft(check)) return check;
    const number = await this.numbers.next(repositoryId);
    const outcome = await this.run(milestoneId, { ...command, number }, context);
    return isLeft(outcome) ? outcome : right({ number });
  }

  async update(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    changes: Partial<MilestoneFacts>,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const milestoneId = await this.authorizedMilestone(caller, repositoryId, number);
    if (isLeft(milestoneId)) return milestoneId;
    return this.run(milestoneId.right, { type: 'UpdateMilestone', milestoneId: milestoneId.right, changes, now: context.occurredAt }, context);
  }

  async delete(caller: SignedInCaller, repositoryId: number, number: number, context: CommandContext): Promise<Either<AppError, void>> {
    const milestoneId = await this.authorizedMilestone(caller, repositoryId, number);
    if (isLeft(milestoneId)) return milestoneId;
    return this.run(milestoneId.right, { type: 'DeleteMilestone', milestoneId: milestoneId.right, now: context.occurredAt }, context);
  }

  private async authorizedMilestone(caller: SignedInCaller, repositoryId: number, number: number): Promise<Either<AppError, number>> {
    const scope = await this.access.repository(caller, repositoryId, ISSUE_OPERATIONS.moderate, false);
    if (isLeft(scope)) return scope;
    const milestone = await this.issues.milestoneByNumber(repositoryId, number);
    return milestone ? right(milestone.id) : left({ _tag: 'MilestoneNotFound' });
  }

  private async run(milestoneId: number, command: MilestoneCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, milestoneDecider, milestoneStream(milestoneId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
