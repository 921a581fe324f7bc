import type { MigrationsError } from '../../../domain/migrations/migrations.errors.js';
import type { ErrorTable } from '../shared/httpError.js';

// The migrations area's part of the error table.
export const migrationsHttpErrors: ErrorTable<MigrationsError> = {
  MigrationNotFound: () => ({ status: 404, message: 'Not Found' }),
  MigrationLockNotFound: () => ({ status: 404, message: 'Not Found' }),
  MigrationArchiveNotFound: () => ({ status: 404, message: 'Not Found' }),
  MigrationStepSuperseded: () => ({ status: 404, message: 'Not Found' }),
  MigrationValidationFailed: (error) => ({
    status: 422,
    message: 'Validation Failed',
    errors: [{ resource: 'Migration', field: error.field, code: error.code, message: error.message }],
  }),
};
