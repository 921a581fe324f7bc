import type { SearchError } from '../../../domain/search/search.errors.js';
import type { ErrorTable, HttpError } from '../shared/httpError.js';

// GitHub's search errors point at the v3 search page: a query it refuses (and the 1,000 cap)
// with a trailing slash, a missing parameter without one, as its answers spell them.
const SEARCH_DOCUMENTATION_URL = 'https://docs.github.com/v3/search/';
const SEARCH_MISSING_DOCUMENTATION_URL = 'https://docs.github.com/v3/search';

const invalidQuery = (message: string): HttpError => ({
  status: 422,
  message: 'Validation Failed',
  errors: [{ message, resource: 'Search', field: 'q', code: 'invalid' }],
  documentationUrl: SEARCH_DOCUMENTATION_URL,
});

const missingParameter = (field: string): HttpError => ({
  status: 422,
  message: 'Validation Failed',
  errors: [{ resource: 'Search', field, code: 'missing' }],
  documentationUrl: SEARCH_MISSING_DOCUMENTATION_URL,
});

// The search area's part of the error table, with GitHub's messages.
export const searchHttpErrors: ErrorTable<SearchError> = {
  SearchQueryMissing: () => missingParameter('q'),
  SearchQueryTooLong: () => invalidQuery('The search is longer than 256 characters.'),
  SearchQueryTooManyOperators: () => invalidQuery('More than five AND / OR / NOT operators were used.'),
  SearchQueryInvalid: (error) => invalidQuery(error.problem),
  SearchNothingApplies: () => invalidQuery('None of the search qualifiers apply to this search type.'),
  SearchBeyondFirstThousand: () => ({ status: 422, message: 'Only the first 1000 search results are available', documentationUrl: SEARCH_DOCUMENTATION_URL }),
  SearchScopeHidden: () =>
    invalidQuery('The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.'),
  SearchNeedsAuthentication: () => ({
    status: 401,
    message: 'Requires authentication',
    errors: [{ message: 'Must be authenticated to access the code search API', resource: 'Search', field: 'q', code: 'invalid' }],
  }),
  SearchNeedsTerm: () => invalidQuery('Must include at least one search term.'),
  SearchParameterMissing: (error) => missingParameter(error.field),
  SearchRepositoryNotFound: () => ({ status: 404, message: 'Not Found' }),
};
