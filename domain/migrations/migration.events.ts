import type { DomainEvent } from '../shared/event.js';

// An organization's or a user's migration (GitHub's "migration archive" export): one stream per
// migration, `migration-<id>`. The export itself runs in a process manager; each step is an event.
export type MigrationOwner = { readonly kind: 'organization' | 'user'; readonly id: number };

export interface MigrationOptions {
  readonly lockRepositories: boolean;
  readonly excludeAttachments: boolean;
  readonly excludeReleases: boolean;
  readonly excludeOwnerProjects: boolean;
  readonly excludeMetadata: boolean;
  readonly excludeGitData: boolean;
  readonly orgMetadataOnly: boolean;
  // GitHub's `exclude` (["repositories"] trims the responses).
  readonly exclude: readonly string[];
}

type Of<Type extends string, Data> = DomainEvent<Type, Data & { readonly migrationId: number }>;

export type MigrationStarted = Of<
  'MigrationStarted',
  MigrationOptions & { readonly guid: string; readonly owner: MigrationOwner; readonly repositoryIds: readonly number[]; readonly startedAt: string }
>;
export type MigrationExportStarted = Of<'MigrationExportStarted', { readonly attempt: number; readonly startedAt: string }>;
export type MigrationExported = Of<'MigrationExported', { readonly archiveKey: string; readonly archiveBytes: number; readonly exportedAt: string }>;
export type MigrationFailed = Of<'MigrationFailed', { readonly reason: string; readonly failedAt: string }>;
export type MigrationArchiveDeleted = Of<
  'MigrationArchiveDeleted',
  { readonly archiveKey: string; readonly reason: 'requested' | 'expired'; readonly deletedAt: string }
>;
export type MigrationRepositoryUnlocked = Of<'MigrationRepositoryUnlocked', { readonly repositoryId: number; readonly unlockedAt: string }>;

export type MigrationEvent =
  MigrationStarted | MigrationExportStarted | MigrationExported | MigrationFailed | MigrationArchiveDeleted | MigrationRepositoryUnlocked;

export const MIGRATION_EVENT_TYPES: ReadonlySet<string> = new Set<MigrationEvent['type']>([
  'MigrationStarted',
  'MigrationExportStarted',
  'MigrationExported',
  'MigrationFailed',
  'MigrationArchiveDeleted',
  'MigrationRepositoryUnlocked',
]);

export const migrationStream = (migrationId: number): string => `migration-${migrationId}`;

// Archives are deleted this long after their export (GitHub: seven days).
export const ARCHIVE_RETENTION_MS = 7 * 86_400_000;
