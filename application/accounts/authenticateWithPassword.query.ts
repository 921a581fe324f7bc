import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { loginKey } from '../../domain/accounts/login.js';
import type { PasswordHasher } from '../shared/ports/passwordHasher.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { CREDENTIALS_COLLECTION, type CredentialDocument } from './users.readModel.js';

const CACHE_LIMIT = 10_000;

@injectable()
export class AuthenticateWithPassword {
  // scrypt costs tens of milliseconds by design; a verified pair is remembered (by a hash
  // of login, password and stored hash, so a password change invalidates it).
  private readonly verified = new Map<string, number>();

  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.PasswordHasher) private readonly passwords: PasswordHasher,
  ) {}

  async execute(login: string, password: string): Promise<number | null> {
    const credential = await this.store
      .collection<CredentialDocument>(CREDENTIALS_COLLECTION)
      .findOne({ login_key: loginKey(login) });
    if (!credential || credential.password_hash === null) return null;
    const cacheKey = createHash('sha256').update(`${credential.login_key}\0${password}\0${credential.password_hash}`).digest('hex');
    if (this.verified.get(cacheKey) === credential.user_id) return credential.user_id;
    if (!(await this.passwords.verify(password, credential.password_hash))) return null;
    if (this.verified.size >= CACHE_LIMIT) this.verified.clear();
    this.verified.set(cacheKey, credential.user_id);
    return credential.user_id;
  }
}
