import * as t from 'io-ts';

export const StartMigrationBody = t.intersection([
  t.type({ repositories: t.array(t.string) }),
  t.partial({
    lock_repositories: t.boolean,
    exclude_attachments: t.boolean,
    exclude_releases: t.boolean,
    exclude_owner_projects: t.boolean,
    exclude_metadata: t.boolean,
    exclude_git_data: t.boolean,
    org_metadata_only: t.boolean,
    exclude: t.array(t.keyof({ repositories: null })),
  }),
]);

export const ImportArchiveBody = t.type({ archive_path: t.string });
