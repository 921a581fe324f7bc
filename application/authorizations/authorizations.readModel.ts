import type { AuthorizationCreated, AuthorizationTokenReset, AuthorizationUpdated } from '../../domain/authorizations/authorization.events.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

export const AUTHORIZATIONS_COLLECTION = 'authorizations';
export const OAUTH_GRANTS_COLLECTION = 'oauth_grants';
// A token as it stood every so many events of its stream, and how far that timeline has read
// it (as_of: application/shared/audit/streamTimeline.ts).
export const AUTHORIZATION_TIMELINE_CHECKPOINTS_COLLECTION = 'authorization_timeline_checkpoints';
export const AUTHORIZATION_TIMELINE_HEADS_COLLECTION = 'authorization_timeline_heads';

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

// The document a creation makes and the fields an update changes: one definition for the
// projection and for a token's history as of an instant (authorizationHistory.query.ts).
export function createdAuthorizationDocument(data: AuthorizationCreated['data']): AuthorizationDocument {
  return {
    _id: String(data.authorizationId),
    id: data.authorizationId,
    user_id: data.userId,
    application_id: data.applicationId,
    client_id: data.clientId,
    grant_id: data.grantId,
    scopes: [...data.scopes],
    note: data.note,
    note_url: data.noteUrl,
    fingerprint: data.fingerprint,
    hashed_token: data.hashedToken,
    token_last_eight: data.tokenLastEight,
    created_at: data.createdAt,
    updated_at: data.createdAt,
  };
}

export function updatedAuthorizationFields(data: AuthorizationUpdated['data']): Partial<AuthorizationDocument> {
  const { changes, updatedAt } = data;
  return {
    ...(changes.scopes !== undefined ? { scopes: [...changes.scopes] } : {}),
    ...(changes.note !== undefined ? { note: changes.note } : {}),
    ...(changes.noteUrl !== undefined ? { note_url: changes.noteUrl } : {}),
    ...(changes.fingerprint !== undefined ? { fingerprint: changes.fingerprint } : {}),
    updated_at: updatedAt,
  };
}

export function resetAuthorizationFields(data: AuthorizationTokenReset['data']): Partial<AuthorizationDocument> {
  return { hashed_token: data.hashedToken, token_last_eight: data.tokenLastEight, updated_at: data.resetAt };
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
