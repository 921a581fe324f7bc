import {
  MIGRATION_LOCKS_COLLECTION,
  MIGRATIONS_COLLECTION,
  type MigrationDocument,
  type MigrationLockDocument,
} from '../../application/migrations/migrations.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import { locksRepositories } from '../../domain/migrations/migration.decider.js';
import { MIGRATION_EVENT_TYPES, type MigrationEvent } from '../../domain/migrations/migration.events.js';

const migrations = (target: ProjectionTarget) => target.collection<MigrationDocument>(MIGRATIONS_COLLECTION);
const locks = (target: ProjectionTarget) => target.collection<MigrationLockDocument>(MIGRATION_LOCKS_COLLECTION);

async function applyMigrationEvent(event: MigrationEvent, target: ProjectionTarget): Promise<void> {
  const _id = String(event.data.migrationId);
  const set = (fields: Partial<MigrationDocument>) => migrations(target).updateOne({ _id }, { $set: fields });
  switch (event.type) {
    case 'MigrationStarted': {
      const data = event.data;
      await migrations(target).replaceOne(
        { _id },
        {
          _id,
          id: data.migrationId,
          guid: data.guid,
          owner_kind: data.owner.kind,
          owner_id: data.owner.id,
          state: 'pending',
          lock_repositories: data.lockRepositories,
          exclude_attachments: data.excludeAttachments,
          exclude_releases: data.excludeReleases,
          exclude_owner_projects: data.excludeOwnerProjects,
          exclude_metadata: data.excludeMetadata,
          exclude_git_data: data.excludeGitData,
          org_metadata_only: data.orgMetadataOnly,
          exclude: [...data.exclude],
          repository_ids: [...data.repositoryIds],
          archive_key: null,
          archive_bytes: null,
          exported_at: null,
          created_at: data.startedAt,
          updated_at: data.startedAt,
        },
        { upsert: true },
      );
      if (locksRepositories(data))
        for (const repositoryId of data.repositoryIds) {
          const lock = { _id: `${data.migrationId}:${repositoryId}`, migration_id: data.migrationId, repository_id: repositoryId };
          await locks(target).replaceOne({ _id: lock._id }, lock, { upsert: true });
        }
      return;
    }
    case 'MigrationExportStarted':
      return void (await set({ state: 'exporting', updated_at: event.data.startedAt }));
    case 'MigrationExported':
      return void (await set({
        state: 'exported',
        archive_key: event.data.archiveKey,
        archive_bytes: event.data.archiveBytes,
        exported_at: event.data.exportedAt,
        updated_at: event.data.exportedAt,
      }));
    case 'MigrationFailed':
      return void (await set({ state: 'failed', updated_at: event.data.failedAt }));
    case 'MigrationArchiveDeleted':
      return void (await set({ archive_key: null, archive_bytes: null, updated_at: event.data.deletedAt }));
    case 'MigrationRepositoryUnlocked':
      await locks(target).deleteOne({ _id: `${event.data.migrationId}:${event.data.repositoryId}` });
      return;
  }
}

// GET .../migrations and the locks every write checks (RepositoryAccess.authorize).
export const migrationsProjection: Projection = {
  name: 'migrations',
  // v2: an org_metadata_only migration holds no locks.
  version: 2,
  collections: [
    {
      name: MIGRATIONS_COLLECTION,
      indexes: [
        { name: 'owner', keys: { owner_kind: 1, owner_id: 1, id: 1 } },
        // An owner's migrations, newest first: page and count from the index.
        { name: 'owner_id_state', keys: { owner_kind: 1, owner_id: 1, id: 1, state: 1 } },
      ],
    },
    { name: MIGRATION_LOCKS_COLLECTION, indexes: [{ name: 'repository_id', keys: { repository_id: 1 } }] },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: MIGRATION_EVENT_TYPES,
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (!MIGRATION_EVENT_TYPES.has(event.type)) return;
    await applyMigrationEvent({ type: event.type, data: event.data } as MigrationEvent, target);
  },
};
