import type { ImportsError } from '../../../domain/imports/imports.errors.js';
import type { ErrorTable } from '../shared/httpError.js';

// The source imports area's part of the error table.
export const importsHttpErrors: ErrorTable<ImportsError> = {
  ImportNotFound: () => ({ status: 404, message: 'Not Found' }),
  ImportAuthorNotFound: () => ({ status: 404, message: 'Not Found' }),
  ImportAttemptSuperseded: () => ({ status: 404, message: 'Not Found' }),
  ImportValidationFailed: (error) => ({
    status: 422,
    message: 'Validation Failed',
    errors: [{ resource: 'Import', field: error.field, code: error.code, message: error.message }],
  }),
};
