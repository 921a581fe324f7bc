import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { UserCommands } from './userCommand.js';

// PUT/DELETE /users/{username}/suspended: a suspended user can no longer authenticate.
@injectable()
export class SetSuspensionHandler {
  constructor(@inject(UserCommands) private readonly commands: UserCommands) {}

  async execute(login: string, suspended: boolean, reason: string | null, context: CommandContext): Promise<Either<AppError, void>> {
    const now = context.occurredAt;
    const outcome = await this.commands.runOnLogin(
      login,
      (user) =>
        suspended ? { type: 'SuspendUser', userId: user.id, reason, by: context.actorId, now } : { type: 'UnsuspendUser', userId: user.id, reason, now },
      context,
    );
    return isLeft(outcome) ? outcome : right(undefined);
  }
}
