import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { loginKey } from '../../domain/accounts/login.js';
import type { PasswordHasher } from '../shared/ports/passwordHasher.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { CREDENTIALS_COLLECTION, type CredentialDocument } from './users.readModel.js';
import { VerifyTwoFactorCode } from './verifyTwoFactorCode.query.js';
import { ACCOUNT_LOCKOUT, ADDRESS_LOCKOUT, hasFailureStreak, lockedUntil, type AttemptKind } from '../../domain/accounts/loginLockout.js';
import type { Clock } from '../shared/ports/clock.port.js';
import { accountAttemptsStream, addressAttemptsStream, SignInAttempts, type AttemptRecord } from './signInAttempts.js';

const CACHE_LIMIT = 10_000;

// Basic authentication with a password: the password first, then, for a user with
// two-factor authentication, the one-time code GitHub clients send in X-GitHub-OTP.
export type PasswordSignIn =
  | { readonly outcome: 'authenticated'; readonly userId: number }
  | { readonly outcome: 'bad_credentials' }
  | { readonly outcome: 'otp_required' }
  // too many failures: refused before the password is even hashed
  | { readonly outcome: 'locked'; readonly until: number };

// Where a sign-in comes from, for the per-address count and the audit.
export interface SignInOrigin {
  readonly ip: string;
  readonly userAgent?: string;
}

@injectable()
export class AuthenticateWithPassword {
  // scrypt costs tens of milliseconds by design; a verified pair is remembered (by a hash
  // of login, password and stored hash, so a password change invalidates it).
  private readonly verified = new Map<string, number>();

  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(VerifyTwoFactorCode) private readonly twoFactor: VerifyTwoFactorCode,
    @inject(SignInAttempts) private readonly attempts: SignInAttempts,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  // The password alone: the user id, or null.
  async execute(login: string, password: string): Promise<number | null> {
    const credential = await this.credentialOf(login);
    return credential && (await this.passwordMatches(credential, password)) ? credential.user_id : null;
  }

  // Failed passwords and failed two-factor codes are counted per account and per client
  // address (domain/accounts/loginLockout.ts); a locked sign-in is refused before hashing.
  async signIn(login: string, password: string, otp: string | undefined, origin: SignInOrigin = { ip: 'unknown' }): Promise<PasswordSignIn> {
    const now = this.clock.now();
    const addressStream = addressAttemptsStream(origin.ip);
    const byAddress = await this.attempts.recent(addressStream);
    const addressLock = lockedUntil(byAddress, 'password', now.getTime(), ADDRESS_LOCKOUT) ?? lockedUntil(byAddress, 'otp', now.getTime(), ADDRESS_LOCKOUT);
    const credential = await this.credentialOf(login);
    const record = { login, userId: credential?.user_id ?? null, ip: origin.ip, ...(origin.userAgent ? { userAgent: origin.userAgent } : {}) };
    const accountStream = credential ? accountAttemptsStream(credential.user_id) : null;
    const byAccount = accountStream ? await this.attempts.recent(accountStream) : [];
    const accountLock = lockedUntil(byAccount, 'password', now.getTime(), ACCOUNT_LOCKOUT) ?? lockedUntil(byAccount, 'otp', now.getTime(), ACCOUNT_LOCKOUT);
    const lock = addressLock ?? accountLock;
    if (lock !== null) {
      await this.fail('password', record, accountStream, addressStream, now);
      return { outcome: 'locked', until: lock };
    }
    if (!credential || !(await this.passwordMatches(credential, password))) {
      await this.fail('password', record, accountStream, addressStream, now);
      return { outcome: 'bad_credentials' };
    }
    if (hasFailureStreak(byAccount, 'password')) await this.attempts.record(accountStream!, 'succeeded', { ...record, kind: 'password' }, now);
    // Organizations and records written before two-factor existed carry no totp_secret.
    const secret = credential.totp_secret ?? null;
    if (secret !== null) {
      // No code yet is the first step of a two-factor sign-in, not a guess.
      // An empty header is no code (a client that sends it blank), not a guess to count.
      if (otp === undefined || otp.trim() === '') return { outcome: 'otp_required' };
      if (!(await this.twoFactor.execute(credential.user_id, secret, otp))) {
        await this.fail('otp', record, accountStream, addressStream, now);
        return { outcome: 'otp_required' };
      }
      if (hasFailureStreak(byAccount, 'otp')) await this.attempts.record(accountStream!, 'succeeded', { ...record, kind: 'otp' }, now);
    }
    return { outcome: 'authenticated', userId: credential.user_id };
  }

  private async fail(kind: AttemptKind, record: Omit<AttemptRecord, 'kind'>, accountStream: string | null, addressStream: string, at: Date): Promise<void> {
    if (accountStream) await this.attempts.record(accountStream, 'failed', { ...record, kind }, at);
    await this.attempts.record(addressStream, 'failed', { ...record, kind }, at);
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
