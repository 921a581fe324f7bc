import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { CREDENTIALS_COLLECTION, type CredentialDocument } from './users.readModel.js';

export type TwoFactorKeyCheck = { readonly ok: true } | { readonly ok: false; readonly problem: string };

// A start with a key that cannot read the two-factor secrets already stored would answer
// every such user's request with a fault; checked once at start instead, on one secret.
@injectable()
export class CheckTwoFactorKey {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.TotpSecretCipher) private readonly cipher: SecretCipher,
  ) {}

  async execute(): Promise<TwoFactorKeyCheck> {
    const credential = await this.store.collection<CredentialDocument>(CREDENTIALS_COLLECTION).findOne({ totp_secret: { $ne: null } });
    if (!credential?.totp_secret) return { ok: true };
    try {
      await this.cipher.decrypt(credential.totp_secret);
      return { ok: true };
    } catch {
      return {
        ok: false,
        problem:
          'The two-factor key (FORGELOG_TOTP_KEY, or keys/totp.key in the data directory) cannot decrypt the two-factor secrets already stored: ' +
          'start with the key they were encrypted with.',
      };
    }
  }
}
