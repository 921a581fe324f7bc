import { inject, injectable } from 'inversify';
import { base32Decode, verifyTotp } from '../../domain/accounts/totp.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// Checks the code of an X-GitHub-OTP header against a user's encrypted TOTP secret.
@injectable()
export class VerifyTwoFactorCode {
  constructor(
    @inject(TOKENS.TotpSecretCipher) private readonly cipher: SecretCipher,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(encryptedTotpSecret: string, code: string): Promise<boolean> {
    const secret = base32Decode(await this.cipher.decrypt(encryptedTotpSecret));
    return verifyTotp(secret, code.trim(), this.clock.now().getTime());
  }
}
