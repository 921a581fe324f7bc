import type { WebhooksError } from '../../../domain/webhooks/webhooks.errors.js';
import type { ErrorTable } from '../shared/httpError.js';

// The webhooks area's part of the error table, with GitHub's messages.
export const webhooksHttpErrors: ErrorTable<WebhooksError> = {
  HookNotFound: () => ({ status: 404, message: 'Not Found' }),
  HookDeliveryNotFound: () => ({ status: 404, message: 'Not Found' }),
  HookValidationFailed: (error) => ({
    status: 422,
    message: 'Validation Failed',
    errors: [{ resource: 'Hook', ...(error.field !== undefined ? { field: error.field } : {}), code: error.code, message: error.message }],
  }),
};
