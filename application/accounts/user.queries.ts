import { inject, injectable } from 'inversify';
import { GHOST_ACCOUNT_ID, isReservedLogin } from '../../domain/accounts/ghost.js';
import { emailKey, loginKey } from '../../domain/accounts/login.js';
import { GHOST_ACCOUNT } from './ghostAccount.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { CREDENTIALS_COLLECTION, USERS_COLLECTION, type CredentialDocument, type UserDocument } from './users.readModel.js';

export interface UsersPage {
  readonly users: readonly UserDocument[];
  readonly hasMore: boolean;
}

@injectable()
export class UserQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  userByLogin(login: string): Promise<UserDocument | null> {
    return this.store.collection<UserDocument>(USERS_COLLECTION).findOne({ login_key: loginKey(login) });
  }

  userById(id: number): Promise<UserDocument | null> {
    return this.store.collection<UserDocument>(USERS_COLLECTION).findOne({ id });
  }

  // An account's profile to show (GET /users/{username}, GET /user/{account_id}): the ghost's
  // when no account holds its login or id (one that took the login before it was reserved
  // keeps it). Only for showing: commands never act on the ghost, so they use the two above.
  async shownByLogin(login: string): Promise<UserDocument | null> {
    return (await this.userByLogin(login)) ?? (isReservedLogin(login) ? GHOST_ACCOUNT : null);
  }

  async shownById(id: number): Promise<UserDocument | null> {
    return (await this.userById(id)) ?? (id === GHOST_ACCOUNT_ID ? GHOST_ACCOUNT : null);
  }

  // Emails given before they were reserved (a data directory written by an older version) have
  // no reservation stream; the read model still shows them on their users. The match is exact
  // (the address as given and its key, both answered by the email index): an old address that
  // differs from the new one only in case, and was not stored lowercase, is not found.
  async emailShownForAnotherUser(email: string, userId: number): Promise<boolean> {
    const addresses = [...new Set([email.trim(), emailKey(email)])];
    const holders = await this.store
      .collection<UserDocument>(USERS_COLLECTION)
      .find({ email: { $in: addresses }, type: 'User', id: { $ne: userId } }, { limit: 1 });
    return holders.length > 0;
  }

  // Whether the user signs in with a one-time code too (GET /user's two_factor_authentication).
  async twoFactorEnabled(userId: number): Promise<boolean> {
    const credential = await this.store.collection<CredentialDocument>(CREDENTIALS_COLLECTION).findOne({ _id: String(userId) });
    return typeof credential?.totp_secret === 'string';
  }

  // GET /users pages by id with `since`, not by page number, as GitHub does.
  async usersSince(since: number, perPage: number): Promise<UsersPage> {
    const users = await this.store.collection<UserDocument>(USERS_COLLECTION).find({ id: { $gt: since } }, { sort: { id: 1 }, limit: perPage + 1 });
    return { users: users.slice(0, perPage), hasMore: users.length > perPage };
  }
}
