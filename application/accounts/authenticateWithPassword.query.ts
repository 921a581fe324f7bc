import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { loginKey } from '../../domain/accounts/login.js';
import type { PasswordHasher } from '../shared/ports/passwordHasher.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { CREDENTIALS_COLLECTION, type CredentialDocument } from './users.readModel.js';
import { VerifyTwoFactorCode } from './verifyTwoFactorCode.query.js';

const CACHE_LIMIT = 10_000;

// Basic authentication with a password: the password first, then, for a user with
// two-factor authentication, the one-time code GitHub clients send in X-GitHub-OTP.
export type PasswordSignIn =
  | { readonly outcome: 'authenticated'; readonly userId: number }
  | { readonly outcome: 'bad_credentials' }
  | { readonly outcome: 'otp_required' };

@injectable()
export class AuthenticateWithPassword {
  // scrypt costs tens of milliseconds by design; a verified pair is remembered (by a hash
  // of login, password and stored hash, so a password change invalidates it).
  private readonly verified = new Map<string, number>();

  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(VerifyTwoFactorCode) private readonly twoFactor: VerifyTwoFactorCode,
  ) {}

  // The password alone: the user id, or null.
  async execute(login: string, password: string): Promise<number | null> {
    const credential = await this.credentialOf(login);
    return credential && (await this.passwordMatches(credential, password)) ? credential.user_id : null;
  }

  async signIn(login: string, password: string, otp: string | undefined): Promise<PasswordSignIn> {
    const credential = await this.credentialOf(login);
    if (!credential || !(await this.passwordMatches(credential, password))) return { outcome: 'bad_credentials' };
    // Organizations and records written before two-factor existed carry no totp_secret.
    const secret = credential.totp_secret ?? null;
    if (secret !== null && (otp === undefined || !(await this.twoFactor.execute(credential.user_id, secret, otp)))) return { outcome: 'otp_required' };
    return { outcome: 'authenticated', userId: credential.user_id };
  }

  private credentialOf(login: string): Promise<CredentialDocument | null> {
    return this.store.collection<CredentialDocument>(CREDENTIALS_COLLECTION).findOne({ login_key: loginKey(login) });
  }

  private async passwordMatches(credential: CredentialDocument, password: string): Promise<boolean> {
    if (credential.password_hash === null) return false;
    const cacheKey = createHash('sha256').update(`${credential.login_key}\0${password}\0${credential.password_hash}`).digest('hex');
    if (this.verified.get(cacheKey) === credential.user_id) return true;
    if (!(await this.passwords.verify(password, credential.password_hash))) return false;
    if (this.verified.size >= CACHE_LIMIT) this.verified.clear();
    this.verified.set(cacheKey, credential.user_id);
    return true;
  }
}
