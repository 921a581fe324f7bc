import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { ProfileChanges } from '../../domain/accounts/user.events.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { UserCommands } from './userCommand.js';

// PATCH /user: the caller's own profile; the login is not a profile field (renames are a site-admin act).
@injectable()
export class UpdateProfileHandler {
  constructor(@inject(UserCommands) private readonly commands: UserCommands) {}

  async execute(userId: number, changes: ProfileChanges, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await this.commands.run({ type: 'UpdateProfile', userId, changes, now: context.occurredAt }, context);
    return isLeft(outcome) ? outcome : right(undefined);
  }
}
