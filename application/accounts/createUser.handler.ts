import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { isValidEmail, isValidLogin } from '../../domain/accounts/login.js';
import { passwordProblem } from '../../domain/accounts/password.js';
import { loginReservationDecider, loginStream } from '../../domain/accounts/loginReservation.decider.js';
import { userDecider, userStream } from '../../domain/accounts/user.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { PasswordHasher } from '../shared/ports/passwordHasher.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { EmailReservations } from './emailReservations.js';

export interface CreateUserInput {
  readonly login: string;
  readonly email: string | null;
  readonly name?: string | null;
  readonly password?: string;
  readonly siteAdmin?: boolean;
}

@injectable()
export class CreateUserHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(EmailReservations) private readonly emails: EmailReservations,
  ) {}

  // The login is reserved first (its own stream), then the email if one is given (as on
  // GitHub Enterprise, an address another account has is refused), then the user stream is
  // created; the response waits until the users read model shows the new user.
  async execute(input: CreateUserInput, context: CommandContext): Promise<Either<AppError, { userId: number }>> {
    if (!isValidLogin(input.login)) return left({ _tag: 'InvalidLogin', login: input.login });
    if (input.email !== null && !isValidEmail(input.email)) return left({ _tag: 'InvalidEmail', email: input.email });
    const problem = input.password === undefined ? null : passwordProblem(input.password);
    if (problem) return left({ ...problem, field: 'password' });
    const userId = await this.ids.next('user');
    const reservation = await handleCommand(
      this.eventStore,
      loginReservationDecider,
      loginStream(input.login),
      {
        type: 'ReserveLogin',
        login: input.login,
        accountId: userId,
        accountType: 'User',
      },
      context,
    );
    if (isLeft(reservation)) return reservation;
    const passwordHash = input.password === undefined ? null : await this.passwords.hash(input.password);
    const created = await releasedUnlessTakenUp(
      () =>
        this.emails.heldFor(input.email, userId, context, () =>
          handleCommand(
            this.eventStore,
            userDecider,
            userStream(userId),
            {
              type: 'CreateUser',
              userId,
              login: input.login,
              email: input.email,
              name: input.name ?? null,
              siteAdmin: input.siteAdmin ?? false,
              passwordHash,
              now: context.occurredAt,
            },
            context,
          ),
        ),
      () =>
        handleCommand(
          this.eventStore,
          loginReservationDecider,
          loginStream(input.login),
          { type: 'ReleaseLogin', login: input.login, accountId: userId },
          context,
        ),
    );
    if (isLeft(created)) return created;
    await this.readYourWrites.settle(created.right.position);
    return right({ userId });
  }
}
