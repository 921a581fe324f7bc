import type { Document } from '../shared/ports/readModelStore.port.js';

export const OAUTH_APPLICATIONS_COLLECTION = 'oauth_applications';

// A registered OAuth application as queries hand it out: everything but the secret's hash.
export interface OAuthApplication {
  id: number;
  client_id: string;
  client_secret_last_eight: string;
  name: string;
  url: string;
  callback_url: string;
  owner_id: number | null;
  created_at: string;
  updated_at: string;
}

// The secret is stored only as its SHA-256 hash (hex) beside its last eight characters.
export interface OAuthApplicationDocument extends Document, OAuthApplication {
  _id: string; // String(id)
  client_secret_hash: string;
}
