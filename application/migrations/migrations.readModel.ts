import type { Document } from '../shared/ports/readModelStore.port.js';
import type { MigrationStatus } from '../../domain/migrations/migration.decider.js';

// Migrations as GitHub's migration object shows them, and the locks they hold
// (projections/migrations/migrations.projection.ts).
export const MIGRATIONS_COLLECTION = 'migrations';
export const MIGRATION_LOCKS_COLLECTION = 'migration_locks';

export interface MigrationDocument extends Document {
  _id: string; // String(id)
  id: number;
  guid: string;
  owner_kind: 'organization' | 'user';
  owner_id: number;
  state: MigrationStatus;
  lock_repositories: boolean;
  exclude_attachments: boolean;
  exclude_releases: boolean;
  exclude_owner_projects: boolean;
  exclude_metadata: boolean;
  exclude_git_data: boolean;
  org_metadata_only: boolean;
  exclude: string[];
  repository_ids: number[];
  archive_key: string | null;
  archive_bytes: number | null;
  exported_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MigrationLockDocument extends Document {
  _id: string; // `${migration_id}:${repository_id}`
  migration_id: number;
  repository_id: number;
}
