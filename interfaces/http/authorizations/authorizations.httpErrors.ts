import type { AuthorizationsError } from '../../../domain/authorizations/authorizations.errors.js';
import { DOCUMENTATION_URL } from '../shared/githubError.js';
import { validationFailed, type ErrorTable } from '../shared/httpError.js';

// The authorizations area's part of the error table: each of its error tags as GitHub answers it.
export const authorizationsHttpErrors: ErrorTable<AuthorizationsError> = {
  AuthorizationNotFound: () => ({ status: 404, message: 'Not Found' }),
  GrantNotFound: () => ({ status: 404, message: 'Not Found' }),
  AuthorizationAlreadyExists: () => validationFailed([{ resource: 'OauthAccess', field: 'id', code: 'already_exists' }]),
  AuthorizationDuplicate: (error) => validationFailed([{ resource: 'OauthAccess', code: 'already_exists', field: error.field }]),
  UnknownScopes: (error) =>
    validationFailed([{ resource: 'OauthAccess', field: 'scopes', code: 'invalid', message: `Unknown scopes: ${error.scopes.join(', ')}` }]),
  AuthorizationFieldMissing: (error) => validationFailed([{ resource: 'OauthAccess', field: error.field, code: 'missing_field' }]),
  ConflictingScopeChanges: () =>
    validationFailed([{ resource: 'OauthAccess', field: 'scopes', code: 'invalid', message: 'Only one of scopes, add_scopes or remove_scopes may be given' }]),
  // GitHub's words, which clients match on (an unknown client_id and a wrong secret alike).
  OAuthClientNotFound: () => ({ status: 422, message: 'Invalid Application client_id or secret.' }),
  // The API gone, its paths name no operation.
  AuthorizationsRemoved: () => ({ status: 404, message: 'Not Found', documentationUrl: DOCUMENTATION_URL }),
  AuthorizationsBrownout: () => ({
    status: 410,
    message:
      'This endpoint is temporarily being browned out. See https://developer.github.com/changes/2020-02-14-deprecating-oauth-auth-endpoint/ for more information.',
  }),
  PasswordAuthenticationRequired: () => ({ status: 401, message: 'This API can only be accessed with username and password Basic Auth' }),
};
