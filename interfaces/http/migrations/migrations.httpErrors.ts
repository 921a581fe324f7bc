import type { MigrationsError } from '../../../domain/migrations/migrations.errors.js';
import type { ErrorTable } from '../shared/httpError.js';

// The migrations area's part of the error table.
export const migrationsHttpErrors: ErrorTable<MigrationsError> = {
  MigrationNotFound: () => ({ status: 404, message: 'Not Found' }),
  MigrationLockNotFound: () => ({ status: 404, message: 'Not Found' }),
  MigrationArchiveNotFound: () => ({ status: 404, message: 'Not Found' }),
  MigrationStepSuperseded: () => ({ status: 404, message: 'Not Found' }),
  // As GitHub answers a name it cannot migrate (github/gh-gei#962, GHES 3.4): `invalid_value`
  // at the name's index, then `missing_field` when no repository was left to migrate.
  MigrationRepositoriesRefused: (error) => ({
    status: 422,
    message: 'Validation Failed',
    errors: [
      ...error.refused.map(({ index, name }) => ({
        resource: 'Migration',
        field: 'repositories',
        index,
        code: 'invalid_value' as const,
        message: `${name} is not a repository you can migrate: it does not exist, it is not the migrating account's own, or you do not administer it`,
      })),
      ...(error.noneLeft ? [{ resource: 'Migration', field: 'repositories', code: 'missing_field' as const }] : []),
    ],
  }),
  MigrationValidationFailed: (error) => ({
    status: 422,
    message: 'Validation Failed',
    errors: [{ resource: 'Migration', field: error.field, code: error.code, message: error.message }],
  }),
};
