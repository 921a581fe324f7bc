export type AuthorizationsError =
  | { readonly _tag: 'AuthorizationNotFound' }
  | { readonly _tag: 'AuthorizationAlreadyExists'; readonly authorizationId: number }
  | { readonly _tag: 'GrantNotFound' }
  // GitHub: a personal token's note (its "description") and an application token's
  // fingerprint tell it apart from the user's other tokens.
  | { readonly _tag: 'AuthorizationDuplicate'; readonly field: 'description' | 'fingerprint' }
  | { readonly _tag: 'UnknownScopes'; readonly scopes: readonly string[] }
  // GitHub: a personal token needs a note (field "description"); only one of scopes, add_scopes, remove_scopes.
  | { readonly _tag: 'AuthorizationFieldMissing'; readonly field: string }
  | { readonly _tag: 'ConflictingScopeChanges' }
  | { readonly _tag: 'OAuthClientNotFound' }
  | { readonly _tag: 'AuthorizationsRemoved' }
  | { readonly _tag: 'AuthorizationsBrownout' }
  | { readonly _tag: 'PasswordAuthenticationRequired' };
