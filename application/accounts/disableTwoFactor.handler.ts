import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { UserCommands } from './userCommand.js';

// `forgelog admin two-factor disable <login>`; `changed` is false when it was not enabled.
@injectable()
export class DisableTwoFactorHandler {
  constructor(@inject(UserCommands) private readonly commands: UserCommands) {}

  async execute(login: string, context: CommandContext): Promise<Either<AppError, { changed: boolean }>> {
    const outcome = await this.commands.runOnLogin(login, (user) => ({ type: 'DisableTwoFactor', userId: user.id, now: context.occurredAt }), context);
    return isLeft(outcome) ? outcome : right({ changed: outcome.right.events.length > 0 });
  }
}
