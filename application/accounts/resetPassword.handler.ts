import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { PasswordHasher } from '../shared/ports/passwordHasher.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { UserCommands } from './userCommand.js';

export interface PasswordReset {
  readonly login: string;
  readonly password: string;
}

// `forgelog admin reset-password <login>`: the operator's way back in when a password is lost
// (the first start's generated one included). A fresh random password is returned to be shown
// once; only its scrypt hash is recorded.
@injectable()
export class ResetPasswordHandler {
  constructor(
    @inject(TOKENS.PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(UserCommands) private readonly commands: UserCommands,
  ) {}

  async execute(login: string, context: CommandContext): Promise<Either<AppError, PasswordReset>> {
    const password = randomBytes(15).toString('base64url');
    const newPasswordHash = await this.passwords.hash(password);
    const reset = await this.commands.runOnLogin(
      login,
      (user) => ({ type: 'ResetPassword', userId: user.id, newPasswordHash, now: context.occurredAt }),
      context,
    );
    return isLeft(reset) ? reset : right({ login, password });
  }
}
