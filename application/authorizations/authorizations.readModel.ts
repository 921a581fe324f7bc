import type { Document } from '../shared/ports/readModelStore.port.js';

export const AUTHORIZATIONS_COLLECTION = 'authorizations';
export const OAUTH_GRANTS_COLLECTION = 'oauth_grants';

// A live authorization (a deleted one leaves the model; its history stays in its stream).
// The token is kept only as its SHA-256 hash, by which token authentication finds it.
export interface AuthorizationDocument extends Document {
  _id: string; // String(id)
  id: number;
  user_id: number;
  application_id: number | null;
  client_id: string | null;
  grant_id: number | null;
  scopes: string[];
  note: string | null;
  note_url: string | null;
  fingerprint: string | null;
  hashed_token: string;
  token_last_eight: string;
  created_at: string;
  updated_at: string;
}

// One per user and OAuth application while the user holds any of its tokens; scopes is the
// union of those tokens' scopes.
export interface OAuthGrantDocument extends Document {
  _id: string; // `${user_id}:${application_id}`
  id: number;
  user_id: number;
  application_id: number;
  client_id: string;
  scopes: string[];
  created_at: string;
  updated_at: string;
}

export const grantKey = (userId: number, applicationId: number): string => `${userId}:${applicationId}`;
