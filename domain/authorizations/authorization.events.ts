import type { DomainEvent } from '../shared/event.js';

// The fields of an authorization a person sees and changes; the token itself is never in an
// event, only its SHA-256 hash and last eight characters.
export interface AuthorizationFields {
  readonly scopes: readonly string[];
  readonly note: string | null;
  readonly noteUrl: string | null;
  readonly fingerprint: string | null;
}

export type AuthorizationCreated = DomainEvent<
  'AuthorizationCreated',
  AuthorizationFields & {
    readonly authorizationId: number;
    readonly userId: number;
    // null for a personal token (no OAuth application)
    readonly applicationId: number | null;
    readonly clientId: string | null;
    readonly grantId: number | null;
    readonly hashedToken: string;
    readonly tokenLastEight: string;
    readonly createdAt: string;
  }
>;

// `before` and `changes` hold only the fields that changed: the audit shows both sides.
export type AuthorizationUpdated = DomainEvent<
  'AuthorizationUpdated',
  {
    readonly authorizationId: number;
    readonly userId: number;
    readonly before: Partial<AuthorizationFields>;
    readonly changes: Partial<AuthorizationFields>;
    readonly updatedAt: string;
  }
>;

// The token itself replaced by its application (GitHub's "reset an authorization"): the old
// one fails from then on; the new one is shown once, in the answer, and kept only hashed.
export type AuthorizationTokenReset = DomainEvent<
  'AuthorizationTokenReset',
  {
    readonly authorizationId: number;
    readonly userId: number;
    readonly before: { readonly tokenLastEight: string };
    readonly hashedToken: string;
    readonly tokenLastEight: string;
    readonly resetAt: string;
  }
>;

// Why it ended: deleted on its own, or revoked with its application's grant.
export type AuthorizationDeleted = DomainEvent<
  'AuthorizationDeleted',
  {
    readonly authorizationId: number;
    readonly userId: number;
    readonly applicationId: number | null;
    // deleted by its owner, revoked with its grant or application, ended with its user, or
    // revoked by its application (GitHub's "revoke an authorization for an application")
    readonly reason: 'deleted' | 'grant_revoked' | 'user_deleted' | 'application_revoked';
    readonly deletedAt: string;
  }
>;

export type AuthorizationEvent = AuthorizationCreated | AuthorizationUpdated | AuthorizationTokenReset | AuthorizationDeleted;

export const AUTHORIZATION_EVENT_TYPES: ReadonlySet<string> = new Set<AuthorizationEvent['type']>([
  'AuthorizationCreated',
  'AuthorizationUpdated',
  'AuthorizationTokenReset',
  'AuthorizationDeleted',
]);
