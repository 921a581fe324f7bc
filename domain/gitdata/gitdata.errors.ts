// What Git Data operations refuse, as GitHub answers them.
export type GitDataError =
  | { readonly _tag: 'GitRepositoryEmpty' }
  | { readonly _tag: 'GitObjectNotFound' }
  | { readonly _tag: 'GitRefNotFound' }
  // GitHub answers most refusals of the Git Data API with 422 and a sentence.
  | { readonly _tag: 'GitDataRefused'; readonly message: string }
  // The file or branch changed since the caller read it (a contents sha mismatch).
  | { readonly _tag: 'GitDataConflict'; readonly message: string };
