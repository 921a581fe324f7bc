import type { Document } from '../shared/ports/readModelStore.port.js';

export const USERS_COLLECTION = 'users';
export const CREDENTIALS_COLLECTION = 'credentials';

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
  company: string | null;
  blog: string;
  location: string | null;
  bio: string | null;
  hireable: boolean | null;
  twitter_username: string | null;
  public_repos: number;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
}

// Kept apart from the public model so no query for users can ever return a hash.
export interface CredentialDocument extends Document {
  _id: string;
  user_id: number;
  login_key: string;
  password_hash: string | null;
}
