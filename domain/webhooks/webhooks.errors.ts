// What a webhooks command can be refused for; interfaces/http/webhooks/webhooks.httpErrors.ts
// says how each one answers.
export type WebhooksError =
  | { readonly _tag: 'HookNotFound' }
  | { readonly _tag: 'HookDeliveryNotFound' }
  // GitHub's 422 with `errors` items (resource Hook, a field, a code, a message).
  // (No field where GitHub names none: a hook already there.)
  | { readonly _tag: 'HookValidationFailed'; readonly field?: string; readonly code: HookValidationCode; readonly message: string };

export type HookValidationCode = 'custom' | 'invalid' | 'missing_field';

export const hookValidation = (field: string, code: HookValidationCode, message: string): WebhooksError => ({
  _tag: 'HookValidationFailed',
  field,
  code,
  message,
});
