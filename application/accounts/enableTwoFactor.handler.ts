import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { base32Encode, otpauthUri } from '../../domain/accounts/totp.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { UserCommands } from './userCommand.js';

export interface TwoFactorEnrollment {
  readonly login: string;
  readonly secret: string; // base32, shown once
  readonly otpauthUri: string;
}

// 160 random bits, the HMAC-SHA1 key size RFC 4226 recommends.
const SECRET_BYTES = 20;

// `forgelog admin two-factor enable <login>`: the secret is returned once, for the person to
// load into an authenticator; the log and read models only ever hold it encrypted.
@injectable()
export class EnableTwoFactorHandler {
  constructor(
    @inject(TOKENS.TotpSecretCipher) private readonly cipher: SecretCipher,
    @inject(UserCommands) private readonly commands: UserCommands,
  ) {}

  async execute(login: string, context: CommandContext): Promise<Either<AppError, TwoFactorEnrollment>> {
    const user = await this.commands.userNamed(login);
    if (isLeft(user)) return user;
    const secret = base32Encode(randomBytes(SECRET_BYTES));
    const encryptedTotpSecret = await this.cipher.encrypt(secret);
    const enabled = await this.commands.run({ type: 'EnableTwoFactor', userId: user.right.id, encryptedTotpSecret, now: context.occurredAt }, context);
    if (isLeft(enabled)) return enabled;
    return right({ login: user.right.login, secret, otpauthUri: otpauthUri('forgelog', user.right.login, secret) });
  }
}
