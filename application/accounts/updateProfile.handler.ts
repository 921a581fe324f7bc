import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { emailKey, isValidEmail } from '../../domain/accounts/login.js';
import { userDecider, userStream } from '../../domain/accounts/user.decider.js';
import type { ProfileChanges } from '../../domain/accounts/user.events.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldStream } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { EmailReservations } from './emailReservations.js';
import { UserCommands } from './userCommand.js';

// PATCH /user: the caller's own profile; the login is not a profile field (renames are a site-admin act).
// A new email is reserved first, the profile changed, then the old email released (free for
// anyone after); a change of case only keeps the same reservation.
@injectable()
export class UpdateProfileHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(UserCommands) private readonly commands: UserCommands,
    @inject(EmailReservations) private readonly emails: EmailReservations,
  ) {}

  async execute(userId: number, changes: ProfileChanges, context: CommandContext): Promise<Either<AppError, void>> {
    const update = () => this.commands.run({ type: 'UpdateProfile', userId, changes, now: context.occurredAt }, context);
    const { email } = changes;
    if (email === undefined) return this.done(await update());
    if (email !== null && !isValidEmail(email)) return left({ _tag: 'InvalidEmail', email });
    // Email changes of one user take turns within a process: each reads the email it replaces
    // after the one before it is done. Read together, five changes at once each released the
    // email read before the others landed, and the emails in between stayed reserved by a user
    // who no longer had them (422 already taken until the orphan reservations' grace ran out).
    // Keyed apart from the user stream, whose appends take turns too (UserCommands.run): the same
    // key, held here and asked again by the append inside, would wait for itself.
    return inTurn(this.eventStore, `email-changes-${userId}`, () => this.changeEmail(userId, email, context, update));
  }

  private async changeEmail(
    userId: number,
    email: string | null,
    context: CommandContext,
    update: () => Promise<Either<AppError, unknown>>,
  ): Promise<Either<AppError, void>> {
    const user = await foldStream(this.eventStore, userDecider, userStream(userId));
    const previous = user.status === 'active' ? user.email : null;
    const keepsReservation = email !== null && previous !== null && emailKey(email) === emailKey(previous);
    const updated = await this.emails.heldFor(keepsReservation ? null : email, userId, context, update);
    if (isLeft(updated)) return updated;
    if (previous !== null && !keepsReservation) {
      const released = await this.emails.release(previous, userId, context);
      if (isLeft(released)) return released;
    }
    return right(undefined);
  }

  private done(outcome: Either<AppError, unknown>): Either<AppError, void> {
    return isLeft(outcome) ? outcome : right(undefined);
  }
}
