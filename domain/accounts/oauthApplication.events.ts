import type { DomainEvent } from '../shared/event.js';

// The client secret never enters an event: only its SHA-256 hash (hex) and its last eight
// characters, so a person can tell secrets apart. The audit trail hides `clientSecretHash`.
export type OAuthApplicationRegistered = DomainEvent<
  'OAuthApplicationRegistered',
  {
    readonly applicationId: number;
    readonly clientId: string;
    readonly clientSecretHash: string;
    readonly clientSecretLastEight: string;
    readonly name: string;
    readonly url: string;
    readonly callbackUrl: string;
    readonly ownerId: number | null;
    readonly registeredAt: string;
  }
>;

export type OAuthApplicationSecretReset = DomainEvent<
  'OAuthApplicationSecretReset',
  { readonly applicationId: number; readonly clientSecretHash: string; readonly clientSecretLastEight: string; readonly resetAt: string }
>;

export type OAuthApplicationDeleted = DomainEvent<
  'OAuthApplicationDeleted',
  { readonly applicationId: number; readonly clientId: string; readonly deletedAt: string }
>;

export type OAuthApplicationEvent = OAuthApplicationRegistered | OAuthApplicationSecretReset | OAuthApplicationDeleted;
