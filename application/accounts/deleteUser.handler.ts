import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { loginReservationDecider, loginStream } from '../../domain/accounts/loginReservation.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { UserCommands } from './userCommand.js';

// DELETE /admin/users/{username}: the user stream records the deletion (its history stays
// for the audit trail) and the login is released for reuse.
@injectable()
export class DeleteUserHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(UserCommands) private readonly commands: UserCommands,
  ) {}

  async execute(login: string, context: CommandContext): Promise<Either<AppError, void>> {
    const deleted = await this.commands.runOnLogin(login, (user) => ({ type: 'DeleteUser', userId: user.id, by: context.actorId, now: context.occurredAt }), context);
    if (isLeft(deleted)) return deleted;
    for (const event of deleted.right.events) {
      if (event.type !== 'UserDeleted') continue;
      const release = { type: 'ReleaseLogin' as const, login: event.data.login, accountId: event.data.userId };
      const released = await handleCommand(this.eventStore, loginReservationDecider, loginStream(event.data.login), release, context);
      if (isLeft(released)) return released;
    }
    return right(undefined);
  }
}
