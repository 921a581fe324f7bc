import type { SearchError } from '../../../domain/search/search.errors.js';
import type { ErrorTable, HttpError } from '../shared/httpError.js';

const invalidQuery = (message: string): HttpError => ({
  status: 422,
  message: 'Validation Failed',
  errors: [{ message, resource: 'Search', field: 'q', code: 'invalid' }],
});

// The search area's part of the error table, with GitHub's messages.
export const searchHttpErrors: ErrorTable<SearchError> = {
  SearchQueryMissing: () => ({ status: 422, message: 'Validation Failed', errors: [{ resource: 'Search', field: 'q', code: 'missing' }] }),
  SearchQueryTooLong: () => invalidQuery('The search is longer than 256 characters.'),
  SearchQueryTooManyOperators: () => invalidQuery('The search contains more than 5 AND / OR / NOT operators.'),
  SearchQueryInvalid: (error) => invalidQuery(error.problem),
  SearchBeyondFirstThousand: () => ({ status: 422, message: 'Only the first 1000 search results are available' }),
  SearchScopeHidden: () =>
    invalidQuery('The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.'),
  SearchNeedsAuthentication: () => ({
    status: 401,
    message: 'Requires authentication',
    errors: [{ message: 'Must be authenticated to access the code search API', resource: 'Search', field: 'q', code: 'invalid' }],
  }),
  SearchNeedsTerm: () => invalidQuery('Must include at least one search term.'),
  SearchParameterMissing: (error) => ({
    status: 422,
    message: 'Validation Failed',
    errors: [{ resource: 'Search', field: error.field, code: 'missing' }],
  }),
  SearchRepositoryNotFound: () => ({ status: 404, message: 'Not Found' }),
};
