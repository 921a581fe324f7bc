import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { blankTitle, milestoneDecider, milestoneStream, type MilestoneCommand, type MilestoneFacts } from '../../domain/issues/milestone.decider.js';
import { milestoneTitleDecider, milestoneTitleStream, type MilestoneTitleCommand } from '../../domain/issues/milestoneTitleReservation.decider.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
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
    // The title is taken before a number is drawn: a title in use leaves no gap either.
    const reserved = await this.title('ReserveMilestoneTitle', repositoryId, facts.title, milestoneId, context);
    if (isLeft(reserved)) return reserved;
    const release = () => this.title('ReleaseMilestoneTitle', repositoryId, facts.title, milestoneId, context);
    return releasedUnlessTakenUp(async () => {
      const number = await this.numbers.next(repositoryId);
      const outcome = await this.run(milestoneId, { ...command, number }, context);
      return isLeft(outcome) ? outcome : right({ number });
    }, release);
  }

  async update(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    changes: Partial<MilestoneFacts>,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const milestone = await this.authorizedMilestone(caller, repositoryId, number);
    if (isLeft(milestone)) return milestone;
    const { id: milestoneId, title } = milestone.right;
    // A new title is taken first and the old one let go last, as a label's rename.
    const retitled = changes.title !== undefined && changes.title !== title;
    if (retitled) {
      const check = blankTitle(changes.title);
      if (isLeft(check)) return check;
      const reserved = await this.title('ReserveMilestoneTitle', repositoryId, changes.title!, milestoneId, context);
      if (isLeft(reserved)) return reserved;
    }
    const update = () => this.run(milestoneId, { type: 'UpdateMilestone', milestoneId, changes, now: context.occurredAt }, context);
    const updated = retitled
      ? await releasedUnlessTakenUp(update, () => this.title('ReleaseMilestoneTitle', repositoryId, changes.title!, milestoneId, context))
      : await update();
    if (isLeft(updated)) return updated;
    if (retitled) await this.title('ReleaseMilestoneTitle', repositoryId, title, milestoneId, context);
    return updated;
  }

  async delete(caller: SignedInCaller, repositoryId: number, number: number, context: CommandContext): Promise<Either<AppError, void>> {
    const milestone = await this.authorizedMilestone(caller, repositoryId, number);
    if (isLeft(milestone)) return milestone;
    const { id: milestoneId, title } = milestone.right;
    const deleted = await this.run(milestoneId, { type: 'DeleteMilestone', milestoneId, now: context.occurredAt }, context);
    if (isLeft(deleted)) return deleted;
    await this.title('ReleaseMilestoneTitle', repositoryId, title, milestoneId, context);
    return deleted;
  }

  private async authorizedMilestone(caller: SignedInCaller, repositoryId: number, number: number): Promise<Either<AppError, { id: number; title: string }>> {
    const scope = await this.access.repository(caller, repositoryId, ISSUE_OPERATIONS.moderate, false);
    if (isLeft(scope)) return scope;
    const milestone = await this.issues.milestoneByNumber(repositoryId, number);
    return milestone ? right({ id: milestone.id, title: milestone.title }) : left({ _tag: 'MilestoneNotFound' });
  }

  private async title(
    type: MilestoneTitleCommand['type'],
    repositoryId: number,
    title: string,
    milestoneId: number,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(
      this.eventStore,
      milestoneTitleDecider,
      milestoneTitleStream(repositoryId, title),
      { type, repositoryId, title, milestoneId },
      context,
    );
    return isLeft(outcome) ? outcome : right(undefined);
  }

  private async run(milestoneId: number, command: MilestoneCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, milestoneDecider, milestoneStream(milestoneId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
