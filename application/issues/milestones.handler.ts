import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { milestoneDecider, milestoneStream, type MilestoneCommand, type MilestoneFacts } from '../../domain/issues/milestone.decider.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS } from './issueAccess.js';
import { IssueQueries } from './issue.queries.js';
import { MilestoneNumberAllocator } from './milestoneNumberAllocator.js';
import { releaseMilestoneTitle, reserveMilestoneTitle } from './milestoneTitles.js';
import type { MilestoneDocument } from './issues.readModel.js';

// POST, PATCH, DELETE /repos/{owner}/{repo}/milestones[/{milestone_number}]: pushers. A title
// is reserved before the milestone takes it and released after it gives it up.
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
    const title = { repositoryId, title: facts.title, milestoneId };
    const reserved = await reserveMilestoneTitle(this.eventStore, this.issues, title, context);
    if (isLeft(reserved)) return reserved;
    const number = await this.numbers.next(repositoryId);
    const outcome = await this.run(milestoneId, { ...command, number }, context);
    if (isLeft(outcome)) {
      await releaseMilestoneTitle(this.eventStore, title, context);
      return outcome;
    }
    return right({ number });
  }

  // A milestone's changes and its deletion take turns within a process: each reads the title
  // after the one before it is done. Read together, five retitles at once each released the
  // title read before the others landed, and the titles in between stayed reserved by a
  // milestone called otherwise (422 already_exists, for good: no process frees them).
  update(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    changes: Partial<MilestoneFacts>,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    return inTurn(this.eventStore, milestoneTurn(repositoryId, number), () => this.updateInTurn(caller, repositoryId, number, changes, context));
  }

  delete(caller: SignedInCaller, repositoryId: number, number: number, context: CommandContext): Promise<Either<AppError, void>> {
    return inTurn(this.eventStore, milestoneTurn(repositoryId, number), () => this.deleteInTurn(caller, repositoryId, number, context));
  }

  private async updateInTurn(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    changes: Partial<MilestoneFacts>,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const milestone = await this.authorizedMilestone(caller, repositoryId, number);
    if (isLeft(milestone)) return milestone;
    const milestoneId = milestone.right.id;
    const update = { type: 'UpdateMilestone' as const, milestoneId, changes, now: context.occurredAt };
    const oldTitle = milestone.right.title;
    // A blank title is refused by the decider, before anything is reserved.
    const retitled = changes.title !== undefined && changes.title !== oldTitle && changes.title.trim() !== '';
    if (!retitled) return this.run(milestoneId, update, context);
    const newTitle = { repositoryId, title: changes.title!, milestoneId };
    const reserved = await reserveMilestoneTitle(this.eventStore, this.issues, newTitle, context);
    if (isLeft(reserved)) return reserved;
    const outcome = await this.run(milestoneId, update, context);
    await releaseMilestoneTitle(this.eventStore, isLeft(outcome) ? newTitle : { ...newTitle, title: oldTitle }, context);
    return outcome;
  }

  private async deleteInTurn(caller: SignedInCaller, repositoryId: number, number: number, context: CommandContext): Promise<Either<AppError, void>> {
    const milestone = await this.authorizedMilestone(caller, repositoryId, number);
    if (isLeft(milestone)) return milestone;
    const milestoneId = milestone.right.id;
    const outcome = await this.run(milestoneId, { type: 'DeleteMilestone', milestoneId, now: context.occurredAt }, context);
    if (!isLeft(outcome)) await releaseMilestoneTitle(this.eventStore, { repositoryId, title: milestone.right.title, milestoneId }, context);
    return outcome;
  }

  private async authorizedMilestone(caller: SignedInCaller, repositoryId: number, number: number): Promise<Either<AppError, MilestoneDocument>> {
    const scope = await this.access.repository(caller, repositoryId, ISSUE_OPERATIONS.moderate, false);
    if (isLeft(scope)) return scope;
    const milestone = await this.issues.milestoneByNumber(repositoryId, number);
    return milestone ? right(milestone) : left({ _tag: 'MilestoneNotFound' });
  }

  private async run(milestoneId: number, command: MilestoneCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, milestoneDecider, milestoneStream(milestoneId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}

// The key milestones of one repository and number take turns on (not a stream: the number is
// what a request names, before the milestone's id is read).
const milestoneTurn = (repositoryId: number, number: number): string => `milestone-number-${repositoryId}-${number}`;
