import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { LabelFacts } from '../../domain/issues/defaultLabels.js';
import { labelNameKey } from '../../domain/issues/defaultLabels.js';
import { labelDecider, labelStream, validLabelFacts } from '../../domain/issues/label.decider.js';
import { labelNameDecider, labelNameStream } from '../../domain/issues/labelNameReservation.decider.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS } from './issueAccess.js';
import { IssueQueries } from './issue.queries.js';
import { LabelResolver } from './labelResolver.js';

// POST, PATCH, DELETE /repos/{owner}/{repo}/labels[/{name}]: pushers (labels stay when issues
// are disabled). A rename reserves the new name first and releases the old one last.
@injectable()
export class LabelsHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
    @inject(IssueQueries) private readonly issues: IssueQueries,
    @inject(LabelResolver) private readonly resolver: LabelResolver,
  ) {}

  async create(caller: SignedInCaller, repositoryId: number, facts: LabelFacts, context: CommandContext): Promise<Either<AppError, { labelId: number }>> {
    const scope = await this.access.repository(caller, repositoryId, ISSUE_OPERATIONS.moderate, false);
    if (isLeft(scope)) return scope;
    const created = await this.resolver.create(repositoryId, facts, context);
    if (isLeft(created)) return created;
    await this.readYourWrites.settle(created.right.position);
    return right({ labelId: created.right.labelId });
  }

  // A label's changes and its deletion take turns per name within a process: each reads the
  // label after the one before it is done. Read together, five renames of one label each
  // reserved its new name, the label kept one of them, names it no longer had stayed reserved
  // (422 already_exists for a label nobody has), and renames that were recorded answered 404.
  update(
    caller: SignedInCaller,
    repositoryId: number,
    name: string,
    changes: Partial<LabelFacts>,
    context: CommandContext,
  ): Promise<Either<AppError, { labelId: number }>> {
    return inTurn(this.eventStore, labelNameStream(repositoryId, name), () => this.updateInTurn(caller, repositoryId, name, changes, context));
  }

  delete(caller: SignedInCaller, repositoryId: number, name: string, context: CommandContext): Promise<Either<AppError, void>> {
    return inTurn(this.eventStore, labelNameStream(repositoryId, name), () => this.deleteInTurn(caller, repositoryId, name, context));
  }

  private async updateInTurn(
    caller: SignedInCaller,
    repositoryId: number,
    name: string,
    changes: Partial<LabelFacts>,
    context: CommandContext,
  ): Promise<Either<AppError, { labelId: number }>> {
    const label = await this.authorizedLabel(caller, repositoryId, name);
    if (isLeft(label)) return label;
    const labelId = label.right.id;
    const renamed = changes.name !== undefined && changes.name !== label.right.name;
    const renamedKey = renamed && labelNameKey(changes.name!) !== label.right.name_key;
    if (renamedKey) {
      // Validated before reserving, so a refused name never holds a reservation.
      const check = validLabelFacts(changes);
      if (isLeft(check)) return check;
      const reserved = await handleCommand(
        this.eventStore,
        labelNameDecider,
        labelNameStream(repositoryId, changes.name!),
        { type: 'ReserveLabelName', repositoryId, name: changes.name!, labelId },
        context,
      );
      if (isLeft(reserved)) return reserved;
    }
    const update = () =>
      handleCommand(this.eventStore, labelDecider, labelStream(labelId), { type: 'UpdateLabel', labelId, changes, now: context.occurredAt }, context);
    // A refused update frees the new name it reserved.
    const updated = renamedKey
      ? await releasedUnlessTakenUp(update, () =>
          handleCommand(
            this.eventStore,
            labelNameDecider,
            labelNameStream(repositoryId, changes.name!),
            { type: 'ReleaseLabelName', repositoryId, name: changes.name!, labelId },
            context,
          ),
        )
      : await update();
    if (isLeft(updated)) return updated;
    if (renamedKey)
      await handleCommand(
        this.eventStore,
        labelNameDecider,
        labelNameStream(repositoryId, label.right.name),
        { type: 'ReleaseLabelName', repositoryId, name: label.right.name, labelId },
        context,
      );
    await this.readYourWrites.settle(updated.right.position);
    return right({ labelId });
  }

  private async deleteInTurn(caller: SignedInCaller, repositoryId: number, name: string, context: CommandContext): Promise<Either<AppError, void>> {
    const label = await this.authorizedLabel(caller, repositoryId, name);
    if (isLeft(label)) return label;
    const labelId = label.right.id;
    const deleted = await handleCommand(
      this.eventStore,
      labelDecider,
      labelStream(labelId),
      { type: 'DeleteLabel', labelId, now: context.occurredAt },
      context,
    );
    if (isLeft(deleted)) return deleted;
    await handleCommand(
      this.eventStore,
      labelNameDecider,
      labelNameStream(repositoryId, label.right.name),
      { type: 'ReleaseLabelName', repositoryId, name: label.right.name, labelId },
      context,
    );
    await this.readYourWrites.settle(deleted.right.position);
    return right(undefined);
  }

  private async authorizedLabel(caller: SignedInCaller, repositoryId: number, name: string) {
    const scope = await this.access.repository(caller, repositoryId, ISSUE_OPERATIONS.moderate, false);
    if (isLeft(scope)) return scope;
    const label = await this.issues.labelByName(repositoryId, name);
    return label ? right(label) : left<AppError>({ _tag: 'LabelNotFound' });
  }
}
