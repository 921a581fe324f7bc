// What a migration command can be refused for; interfaces/http/migrations/migrations.httpErrors.ts
// says how each one answers.
export type MigrationsError =
  | { readonly _tag: 'MigrationNotFound' }
  | { readonly _tag: 'MigrationLockNotFound' }
  | { readonly _tag: 'MigrationArchiveNotFound' }
  | { readonly _tag: 'MigrationValidationFailed'; readonly field: string; readonly code: 'custom' | 'invalid' | 'missing_field'; readonly message: string }
  // The export process's report for a migration no longer in the state it expects.
  | { readonly _tag: 'MigrationStepSuperseded' };

export const migrationValidation = (field: string, code: 'custom' | 'invalid' | 'missing_field', message: string): MigrationsError => ({
  _tag: 'MigrationValidationFailed',
  field,
  code,
  message,
});
