import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { MigrationDocument } from '../../../application/migrations/migrations.readModel.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { githubTime } from '../shared/githubTime.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';

export const migrationPath = (migration: MigrationDocument, ownerLogin: string): string =>
  migration.owner_kind === 'organization' ? `/orgs/${ownerLogin}/migrations/${migration.id}` : `/user/migrations/${migration.id}`;

// GitHub's migration; `repositories` are full repository objects unless `exclude` names them.
export function migrationJson(
  migration: MigrationDocument,
  owner: UserDocument,
  repositories: readonly unknown[],
  urls: ApiUrls,
  exclude: readonly string[] = [],
) {
  const path = migrationPath(migration, owner.login);
  const trimmed = exclude.includes('repositories') || migration.exclude.includes('repositories');
  return {
    id: migration.id,
    node_id: legacyNodeId('Migration', migration.id),
    owner: simpleUser(owner, urls),
    guid: migration.guid,
    state: migration.state,
    lock_repositories: migration.lock_repositories,
    exclude_metadata: migration.exclude_metadata,
    exclude_git_data: migration.exclude_git_data,
    exclude_attachments: migration.exclude_attachments,
    exclude_releases: migration.exclude_releases,
    exclude_owner_projects: migration.exclude_owner_projects,
    org_metadata_only: migration.org_metadata_only,
    repositories: trimmed ? [] : repositories,
    url: urls.api(path),
    created_at: githubTime(migration.created_at),
    updated_at: githubTime(migration.updated_at),
    ...(migration.archive_key !== null ? { archive_url: urls.api(`${path}/archive`) } : {}),
    exclude: migration.exclude,
  };
}
