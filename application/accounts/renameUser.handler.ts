import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { isValidLogin, loginKey } from '../../domain/accounts/login.js';
import { loginReservationDecider, loginStream, type LoginReservationCommand } from '../../domain/accounts/loginReservation.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { UserCommands } from './userCommand.js';

// PATCH /admin/users/{username}: the new login is reserved first, the user renamed, then the
// old login released (free for anyone after). A change of case only keeps the same reservation.
@injectable()
export class RenameUserHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(UserCommands) private readonly commands: UserCommands,
  ) {}

  async execute(login: string, newLogin: string, context: CommandContext): Promise<Either<AppError, { userId: number; login: string }>> {
    const found = await this.commands.userNamed(login);
    if (isLeft(found)) return found;
    const user = found.right;
    if (!isValidLogin(newLogin)) return left({ _tag: 'InvalidLogin', login: newLogin });
    const keepsReservation = loginKey(newLogin) === user.login_key;
    if (!keepsReservation) {
      const reserved = await this.reservation({ type: 'ReserveLogin', login: newLogin, accountId: user.id, accountType: 'User' }, context);
      if (isLeft(reserved)) return reserved;
    }
    const renamed = await this.commands.run({ type: 'RenameUser', userId: user.id, login: newLogin, now: context.occurredAt }, context);
    if (isLeft(renamed)) {
      // Compensation: the new login was reserved for a rename that did not happen.
      if (!keepsReservation) await this.reservation({ type: 'ReleaseLogin', login: newLogin, accountId: user.id }, context);
      return renamed;
    }
    // The login the rename was decided from, which the event says: another rename may have
    // landed since `user` was read (five at once), and releasing the login read then left the
    // logins in between reserved by a user called otherwise.
    for (const event of renamed.right.events) {
      if (event.type !== 'UserRenamed' || loginKey(event.data.previousLogin) === loginKey(newLogin)) continue;
      const released = await this.reservation({ type: 'ReleaseLogin', login: event.data.previousLogin, accountId: user.id }, context);
      if (isLeft(released)) return released;
    }
    return right({ userId: user.id, login: newLogin });
  }

  private async reservation(command: LoginReservationCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, loginReservationDecider, loginStream(command.login), command, context);
    return isLeft(outcome) ? outcome : right(undefined);
  }
}
