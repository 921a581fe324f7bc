import type { SearchQueryError } from './searchQuery.js';

// Every way a search request is refused, each one GitHub's answer (search.httpErrors.ts).
export type SearchError =
  | SearchQueryError
  // Every term of the query is a qualifier of another kind of search (repo: on users), or
  // only says where to look (in:): GitHub has nothing to search for.
  | { readonly _tag: 'SearchNothingApplies' }
  // GitHub serves only the first 1,000 results of any search.
  | { readonly _tag: 'SearchBeyondFirstThousand' }
  // Every user:, org: or repo: the query names is missing or hidden from the caller.
  | { readonly _tag: 'SearchScopeHidden' }
  | { readonly _tag: 'SearchNeedsAuthentication' }
  // Code search needs at least one search term (a filename: alone will do).
  | { readonly _tag: 'SearchNeedsTerm' }
  | { readonly _tag: 'SearchParameterMissing'; readonly field: string }
  | { readonly _tag: 'SearchRepositoryNotFound' };
