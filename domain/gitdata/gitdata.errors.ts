// What Git Data operations refuse, as GitHub answers them.
export type GitDataError =
  | { readonly _tag: 'GitRepositoryEmpty' }
  | { readonly _tag: 'GitObjectNotFound' }
  | { readonly _tag: 'GitRefNotFound' }
  // A contents read's `ref` names no commit: GitHub's 404 says which (clients match its words).
  | { readonly _tag: 'GitCommitNotFound'; readonly ref: string }
  // GitHub answers most refusals of the Git Data API with 422 and a sentence.
  | { readonly _tag: 'GitDataRefused'; readonly message: string }
  // The file or branch changed since the caller read it (a contents sha mismatch).
  | { readonly _tag: 'GitDataConflict'; readonly message: string };
