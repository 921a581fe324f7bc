import type { Document } from '../shared/ports/readModelStore.port.js';

export const USERS_COLLECTION = 'users';
export const CREDENTIALS_COLLECTION = 'credentials';
export const FOLLOWS_COLLECTION = 'follows';
export const ACCOUNT_REPOSITORIES_COLLECTION = 'account_repositories';

// One account as the API shows it; organizations join this collection with type 'Organization'.
export interface UserDocument extends Document {
  _id: string;
  id: number;
  login: string;
  login_key: string;
  type: 'User' | 'Organization';
  site_admin: boolean;
  name: string | null;
  email: string | null;
  // Whether the user chose to show the email (PATCH /user); one an administrator gave is not.
  email_public?: boolean;
  company: string | null;
  blog: string;
  location: string | null;
  bio: string | null;
  hireable: boolean | null;
  twitter_username: string | null;
  public_repos: number;
  // Private repositories the account owns (absent on documents written before it was kept: 0).
  owned_private_repos?: number;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
  // GitHub Enterprise's suspension; absent (organizations) reads as not suspended.
  suspended_at?: string | null;
}

// Kept apart from the public model so no query for users can ever return a hash.
export interface CredentialDocument extends Document {
  _id: string;
  user_id: number;
  login_key: string;
  password_hash: string | null;
  // AES-256-GCM ciphertext of the TOTP secret (see SecretCipher); null without two-factor.
  totp_secret: string | null;
}

// One follow edge. `followers`/`following` on the users documents move by one when an edge is
// inserted or deleted here (userFollows.apply.ts), so applying an event twice moves nothing.
export interface FollowDocument extends Document {
  _id: string; // `${follower_id}:${followee_id}`
  follower_id: number;
  followee_id: number;
  // log position of the follow: lists are in follow order, identical after a rebuild
  position: number;
}

// A user's login from a log position on (its creation, each rename, its deletion): the audit
// trail names an event's actor by the login they had then, found here by one walk of an
// ordered index instead of a fold of the actor's whole stream (which grows with their follows).
export const ACTOR_LOGINS_COLLECTION = 'actor_logins';

export interface ActorLoginDocument extends Document {
  _id: string; // `${user_id}:${position}`
  user_id: number;
  position: number;
  login: string;
}

// A login an account had before a rename, kept so its repositories' old URLs still redirect
// (as GitHub does) until another account takes that login or the account is deleted.
export const FORMER_LOGINS_COLLECTION = 'former_logins';

export interface FormerLoginDocument extends Document {
  readonly _id: string; // the former login's key
  readonly login: string;
  readonly account_id: number;
  readonly renamed_at: string;
}

// Which account owns a repository and whether it is private: the users projection's own
// record, so an account's repository counters move exactly once per change (see
// accountRepositories.apply.ts).
export interface AccountRepositoryDocument extends Document {
  _id: string; // String(repository id)
  owner_id: number;
  private: boolean;
}
