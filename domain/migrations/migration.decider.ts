import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { migrationValidation, type MigrationsError } from './migrations.errors.js';
import type { MigrationEvent, MigrationOptions, MigrationOwner } from './migration.events.js';

// GitHub's states: pending, exporting, exported, failed.
export type MigrationStatus = 'pending' | 'exporting' | 'exported' | 'failed';

export interface Migration {
  readonly migrationId: number;
  readonly owner: MigrationOwner;
  readonly status: MigrationStatus;
  readonly repositoryIds: readonly number[];
  readonly lockRepositories: boolean;
  // Repositories this migration still holds locked.
  readonly locked: readonly number[];
  readonly attempts: number;
  readonly archiveKey: string | null;
  readonly exportedAt: string | null;
}

export type MigrationState = { readonly kind: 'none' } | { readonly kind: 'present'; readonly migration: Migration };

export type MigrationCommand =
  | ({
      readonly type: 'StartMigration';
      readonly migrationId: number;
      readonly guid: string;
      readonly owner: MigrationOwner;
      readonly repositoryIds: readonly number[];
      readonly now: Date;
    } & MigrationOptions)
  | { readonly type: 'StartExport'; readonly now: Date }
  | { readonly type: 'RecordExported'; readonly archiveKey: string; readonly archiveBytes: number; readonly now: Date }
  | { readonly type: 'FailMigration'; readonly reason: string; readonly now: Date }
  | { readonly type: 'DeleteArchive'; readonly reason: 'requested' | 'expired'; readonly now: Date }
  | { readonly type: 'UnlockRepository'; readonly repositoryId: number; readonly now: Date };

// GitHub's org_metadata_only "will ignore other flags": a migration of the organization's
// metadata alone exports no repository, so it locks none, whatever lock_repositories says.
export const locksRepositories = (options: { readonly lockRepositories: boolean; readonly orgMetadataOnly?: boolean }): boolean =>
  options.lockRepositories && !options.orgMetadataOnly;

const superseded: Either<MigrationsError, readonly MigrationEvent[]> = left({ _tag: 'MigrationStepSuperseded' });

function decidePresent(command: MigrationCommand, migration: Migration): Either<MigrationsError, readonly MigrationEvent[]> {
  const migrationId = migration.migrationId;
  const at = 'now' in command ? command.now.toISOString() : '';
  switch (command.type) {
    case 'StartMigration':
      return left({ _tag: 'MigrationNotFound' });
    case 'StartExport':
      // A restart finds the migration exporting: the export starts over as a new attempt.
      if (migration.status !== 'pending' && migration.status !== 'exporting') return superseded;
      return right([{ type: 'MigrationExportStarted', data: { migrationId, attempt: migration.attempts + 1, startedAt: at } }]);
    case 'RecordExported':
      if (migration.status !== 'exporting') return superseded;
      return right([{ type: 'MigrationExported', data: { migrationId, archiveKey: command.archiveKey, archiveBytes: command.archiveBytes, exportedAt: at } }]);
    case 'FailMigration':
      if (migration.status !== 'pending' && migration.status !== 'exporting') return superseded;
      return right([{ type: 'MigrationFailed', data: { migrationId, reason: command.reason, failedAt: at } }]);
    case 'DeleteArchive':
      if (migration.archiveKey === null) return left({ _tag: 'MigrationArchiveNotFound' });
      return right([{ type: 'MigrationArchiveDeleted', data: { migrationId, archiveKey: migration.archiveKey, reason: command.reason, deletedAt: at } }]);
    case 'UnlockRepository':
      if (!migration.locked.includes(command.repositoryId)) return left({ _tag: 'MigrationLockNotFound' });
      return right([{ type: 'MigrationRepositoryUnlocked', data: { migrationId, repositoryId: command.repositoryId, unlockedAt: at } }]);
  }
}

export const migrationDecider: Decider<MigrationCommand, MigrationState, MigrationEvent, MigrationsError> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) => {
    if (event.type === 'MigrationStarted') {
      const { migrationId, owner, repositoryIds, lockRepositories } = event.data;
      return {
        kind: 'present',
        migration: {
          migrationId,
          owner,
          status: 'pending',
          repositoryIds,
          lockRepositories,
          locked: locksRepositories(event.data) ? repositoryIds : [],
          attempts: 0,
          archiveKey: null,
          exportedAt: null,
        },
      };
    }
    if (state.kind !== 'present') return state;
    const migration = state.migration;
    switch (event.type) {
      case 'MigrationExportStarted':
        return { kind: 'present', migration: { ...migration, status: 'exporting', attempts: event.data.attempt } };
      case 'MigrationExported':
        return { kind: 'present', migration: { ...migration, status: 'exported', archiveKey: event.data.archiveKey, exportedAt: event.data.exportedAt } };
      case 'MigrationFailed':
        return { kind: 'present', migration: { ...migration, status: 'failed' } };
      case 'MigrationArchiveDeleted':
        return { kind: 'present', migration: { ...migration, archiveKey: null } };
      case 'MigrationRepositoryUnlocked':
        return { kind: 'present', migration: { ...migration, locked: migration.locked.filter((id) => id !== event.data.repositoryId) } };
    }
  },
  decide: (command, state) => {
    if (state.kind === 'present') return decidePresent(command, state.migration);
    if (command.type !== 'StartMigration') return left({ _tag: 'MigrationNotFound' });
    if (command.repositoryIds.length === 0 && !command.orgMetadataOnly)
      return left(migrationValidation('repositories', 'missing_field', 'repositories is missing'));
    const { migrationId, guid, owner, repositoryIds, now, type: _type, ...options } = command;
    return right([{ type: 'MigrationStarted', data: { migrationId, guid, owner, repositoryIds, ...options, startedAt: now.toISOString() } }]);
  },
};
