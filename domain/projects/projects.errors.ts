// What a projects command can be refused for; interfaces/http/projects/projects.httpErrors.ts
// says how each one answers.
export type ProjectsError =
  | { readonly _tag: 'ProjectNotFound' }
  | { readonly _tag: 'ProjectColumnNotFound' }
  | { readonly _tag: 'ProjectCardNotFound' }
  // GitHub's 422 validation-error-simple: a message, and the offending values.
  | { readonly _tag: 'ProjectValidationFailed'; readonly message: string; readonly errors: readonly string[] }
  // A card for content that is already on the project.
  | { readonly _tag: 'ProjectCardContentTaken' }
  // A card for content that does not exist or the caller cannot read, named by the global
  // (node) id GitHub looks it up by.
  | { readonly _tag: 'ProjectCardContentUnresolved'; readonly nodeId: string }
  // A card for content outside the board's scope (cardContentScope.ts), with the sentence why.
  | { readonly _tag: 'ProjectCardContentOutOfScope'; readonly message: string }
  | { readonly _tag: 'ProjectsDisabled'; readonly scope: 'repository' | 'organization' }
  | { readonly _tag: 'ProjectAccessDenied'; readonly needs: 'write' | 'admin' };
