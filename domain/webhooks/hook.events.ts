import type { DomainEvent } from '../shared/event.js';

// A hook belongs to a repository or to an organization, as on GitHub.
export type HookOwner = { readonly kind: 'repository'; readonly id: number } | { readonly kind: 'organization'; readonly id: number };

export interface HookConfig {
  readonly url: string;
  readonly contentType: 'json' | 'form';
  readonly insecureSsl: '0' | '1';
  // AES-GCM ciphertext (the SecretCipher port); never the secret itself.
  readonly secretCiphertext: string | null;
}

export interface HookSettings {
  readonly events: readonly string[];
  readonly active: boolean;
  readonly config: HookConfig;
}

export type HookCreated = DomainEvent<'HookCreated', HookSettings & { readonly hookId: number; readonly owner: HookOwner; readonly createdAt: string }>;
export type HookUpdated = DomainEvent<
  'HookUpdated',
  { readonly hookId: number; readonly owner: HookOwner; readonly changes: Partial<HookSettings>; readonly updatedAt: string }
>;
export type HookDeleted = DomainEvent<'HookDeleted', { readonly hookId: number; readonly owner: HookOwner; readonly deletedAt: string }>;
// POST .../pings: the delivery manager sends a ping for it.
export type HookPinged = DomainEvent<'HookPinged', { readonly hookId: number; readonly owner: HookOwner; readonly pingedAt: string }>;

// POST .../tests: the latest push is delivered again to a hook that listens to pushes.
export type HookTested = DomainEvent<'HookTested', { readonly hookId: number; readonly owner: HookOwner; readonly testedAt: string }>;

export type HookEvent = HookCreated | HookUpdated | HookDeleted | HookPinged | HookTested;

export const HOOK_EVENT_TYPES: ReadonlySet<string> = new Set<HookEvent['type']>(['HookCreated', 'HookUpdated', 'HookDeleted', 'HookPinged', 'HookTested']);

export const hookStream = (hookId: number): string => `hook-${hookId}`;
