import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { emailReservationDecider, type EmailReservationCommand } from '../../domain/accounts/emailReservation.decider.js';
import { emailKey } from '../../domain/accounts/login.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import { UserQueries } from './user.queries.js';

// An email may hold '/', '$', '%' and any non-blank character, up to 254 of them: its stream is
// named by a digest of its key, so the name stays short, plain and the same for every case.
export const emailStream = (email: string): string => `email-${createHash('sha256').update(emailKey(email)).digest('hex').slice(0, 32)}`;

// Reserving and releasing a user's email (`email-<digest>` streams, as `login-<key>` for logins).
@injectable()
export class EmailReservations {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  // Refused (EmailTaken) when another user holds the email, or shows it from before emails
  // were reserved; reserving what the user holds already changes nothing.
  async reserve(email: string, userId: number, context: CommandContext): Promise<Either<AppError, void>> {
    if (await this.users.emailShownForAnotherUser(email, userId)) return left({ _tag: 'EmailTaken', email });
    return this.run({ type: 'ReserveEmail', email, userId }, context);
  }

  // A no-op when the user does not hold it (never reserved, or released already).
  release(email: string, userId: number, context: CommandContext): Promise<Either<AppError, void>> {
    return this.run({ type: 'ReleaseEmail', email, userId }, context);
  }

  // Reserves the email (none: nothing to reserve), then runs the command that takes it up;
  // if that is refused or fails, the reservation is released at once.
  async heldFor<T>(email: string | null, userId: number, context: CommandContext, takeUp: () => Promise<Either<AppError, T>>): Promise<Either<AppError, T>> {
    if (email === null) return takeUp();
    const reserved = await this.reserve(email, userId, context);
    if (isLeft(reserved)) return reserved;
    return releasedUnlessTakenUp(takeUp, () => this.release(email, userId, context));
  }

  private async run(command: EmailReservationCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, emailReservationDecider, emailStream(command.email), command, context);
    return isLeft(outcome) ? outcome : right(undefined);
  }
}
