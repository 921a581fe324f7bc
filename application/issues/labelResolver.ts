import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { labelNameKey } from '../../domain/issues/defaultLabels.js';
import { labelDecider, labelStream } from '../../domain/issues/label.decider.js';
import { labelNameDecider, labelNameStream } from '../../domain/issues/labelNameReservation.decider.js';
import type { LabelFacts } from '../../domain/issues/defaultLabels.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueQueries } from './issue.queries.js';

// The colour GitHub gives a label created on the fly by naming it on an issue.
export const ON_THE_FLY_LABEL_COLOR = 'ededed';

// Creates labels (name reserved first, as logins are) and turns label names into ids,
// creating the missing ones as GitHub does when an issue names a label the repository lacks.
@injectable()
export class LabelResolver {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueQueries) private readonly issues: IssueQueries,
  ) {}

  async create(repositoryId: number, facts: LabelFacts, context: CommandContext): Promise<Either<AppError, { labelId: number; position?: number }>> {
    const labelId = await this.ids.next('label');
    const command = { type: 'CreateLabel' as const, labelId, repositoryId, ...facts, now: context.occurredAt };
    // Validate before reserving, so a bad colour never holds a name.
    const check = labelDecider.decide(command, labelDecider.initialState());
    if (isLeft(check)) return check;
    const reserved = await handleCommand(
      this.eventStore,
      labelNameDecider,
      labelNameStream(repositoryId, facts.name),
      { type: 'ReserveLabelName', repositoryId, name: facts.name, labelId },
      context,
    );
    if (isLeft(reserved)) return reserved;
    const created = await handleCommand(this.eventStore, labelDecider, labelStream(labelId), command, context);
    if (isLeft(created)) return created;
    return right({ labelId, position: created.right.position });
  }

  async idsFor(repositoryId: number, names: readonly string[], context: CommandContext): Promise<Either<AppError, number[]>> {
    const wanted = [...new Map(names.map((name) => [labelNameKey(name), name])).values()];
    const existing = new Map((await this.issues.labelsByNames(repositoryId, wanted)).map((label) => [label.name_key, label.id]));
    const ids: number[] = [];
    let lastPosition: number | undefined;
    for (const name of wanted) {
      const known = existing.get(labelNameKey(name));
      if (known !== undefined) {
        ids.push(known);
        continue;
      }
      const created = await this.create(repositoryId, { name, color: ON_THE_FLY_LABEL_COLOR, description: null }, context);
      if (isLeft(created)) {
        // Another request named the same new label at the same moment and reserved the name
        // first: its label is the one this issue means too (GitHub creates it once, and opens
        // both issues), not a name already taken (422).
        const holder = isNameTaken(created.left) ? await this.createdHolder(repositoryId, name) : null;
        if (holder === null) return left(created.left);
        ids.push(holder);
        continue;
      }
      ids.push(created.right.labelId);
      lastPosition = created.right.position ?? lastPosition;
    }
    await this.readYourWrites.settle(lastPosition);
    return right(ids);
  }

  // The label holding a name another request reserved, once that request has created it (it
  // reserves, then creates at once: give it a moment, as a ref move gives git one); null if
  // the name is free again or its label never comes (that request failed between the two).
  private async createdHolder(repositoryId: number, name: string): Promise<number | null> {
    const reservation = await foldStream(this.eventStore, labelNameDecider, labelNameStream(repositoryId, name));
    if (!reservation.touched || reservation.holder === null) return null;
    for (let wait = 0; wait < HOLDER_WAITS; wait++) {
      const label = await foldStream(this.eventStore, labelDecider, labelStream(reservation.holder));
      if (label.status === 'present') return reservation.holder;
      if (label.status === 'deleted') return null;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return null;
  }
}

const HOLDER_WAITS = 50;

const isNameTaken = (error: AppError): boolean =>
  error._tag === 'IssueValidationFailed' && error.resource === 'Label' && error.field === 'name' && error.code === 'already_exists';
