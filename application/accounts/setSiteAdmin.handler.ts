import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { UserCommands } from './userCommand.js';

// PUT/DELETE /users/{username}/site_admin: GitHub Enterprise's promote and demote.
@injectable()
export class SetSiteAdminHandler {
  constructor(@inject(UserCommands) private readonly commands: UserCommands) {}

  async execute(login: string, siteAdmin: boolean, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await this.commands.runOnLogin(
      login,
      (user) => ({ type: 'SetSiteAdmin', userId: user.id, siteAdmin, by: context.actorId, now: context.occurredAt }),
      context,
    );
    return isLeft(outcome) ? outcome : right(undefined);
  }
}
