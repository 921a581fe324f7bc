// What a migration command can be refused for; interfaces/http/migrations/migrations.httpErrors.ts
// says how each one answers.
export type MigrationsError =
  | { readonly _tag: 'MigrationNotFound' }
  | { readonly _tag: 'MigrationLockNotFound' }
  | { readonly _tag: 'MigrationArchiveNotFound' }
  | { readonly _tag: 'MigrationValidationFailed'; readonly field: string; readonly code: 'custom' | 'invalid' | 'missing_field'; readonly message: string }
  // Names in `repositories` that are no repository the caller may migrate, each with its place
  // in the list; `noneLeft` when no name was one (GitHub then also says the list is missing).
  | {
      readonly _tag: 'MigrationRepositoriesRefused';
      readonly refused: readonly { readonly index: number; readonly name: string }[];
      readonly noneLeft: boolean;
    }
  // The export process's report for a migration no longer in the state it expects.
  | { readonly _tag: 'MigrationStepSuperseded' };

export const migrationValidation = (field: string, code: 'custom' | 'invalid' | 'missing_field', message: string): MigrationsError => ({
  _tag: 'MigrationValidationFailed',
  field,
  code,
  message,
});
