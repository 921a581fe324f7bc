// What a source-import command can be refused for; interfaces/http/imports/imports.httpErrors.ts
// says how each one answers.
export type ImportsError =
  | { readonly _tag: 'ImportNotFound' }
  | { readonly _tag: 'ImportAuthorNotFound' }
  // GitHub's 422 with an `errors` item (resource Import, a field, a code, a message).
  | { readonly _tag: 'ImportValidationFailed'; readonly field: string; readonly code: 'custom' | 'invalid' | 'missing_field'; readonly message: string }
  // The background process's append for an attempt that is no longer current: it stops.
  | { readonly _tag: 'ImportAttemptSuperseded' };

export const importValidation = (field: string, code: 'custom' | 'invalid' | 'missing_field', message: string): ImportsError => ({
  _tag: 'ImportValidationFailed',
  field,
  code,
  message,
});
