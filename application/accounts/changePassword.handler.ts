import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { passwordProblem } from '../../domain/accounts/password.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { PasswordHasher } from '../shared/ports/passwordHasher.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { UserCommands } from './userCommand.js';
import { CREDENTIALS_COLLECTION, type CredentialDocument } from './users.readModel.js';

export interface ChangePasswordInput {
  readonly oldPassword: string;
  readonly newPassword: string;
}

// PATCH /user/password: the user proves the old password; only its new scrypt hash is recorded.
@injectable()
export class ChangePasswordHandler {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(UserCommands) private readonly commands: UserCommands,
  ) {}

  async execute(userId: number, input: ChangePasswordInput, context: CommandContext): Promise<Either<AppError, void>> {
    const problem = passwordProblem(input.newPassword);
    if (problem) return left({ ...problem, field: 'new_password' });
    const credential = await this.store.collection<CredentialDocument>(CREDENTIALS_COLLECTION).findOne({ _id: String(userId) });
    const verifiedPasswordHash = credential?.password_hash ?? null;
    if (verifiedPasswordHash === null || !(await this.passwords.verify(input.oldPassword, verifiedPasswordHash))) {
      return left({ _tag: 'WrongOldPassword' });
    }
    const newPasswordHash = await this.passwords.hash(input.newPassword);
    const changed = await this.commands.run({ type: 'ChangePassword', userId, verifiedPasswordHash, newPasswordHash, now: context.occurredAt }, context);
    return isLeft(changed) ? changed : right(undefined);
  }
}
