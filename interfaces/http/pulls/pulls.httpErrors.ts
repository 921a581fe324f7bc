import type { PullsError } from '../../../domain/pulls/pulls.errors.js';
import { validationFailed, type ErrorTable } from '../shared/httpError.js';

// The pulls area's part of the error table: each of its error tags as GitHub answers it.
export const pullsHttpErrors: ErrorTable<PullsError> = {
  PullRequestNotFound: () => ({ status: 404, message: 'Not Found' }),
  PullRequestBranchNotFound: (error) => validationFailed([{ resource: 'PullRequest', field: error.field, code: 'invalid' }]),
  InvalidPullRequestHead: () => validationFailed([{ resource: 'PullRequest', field: 'head', code: 'invalid' }]),
  NoCommitsBetween: (error) =>
    validationFailed([{ resource: 'PullRequest', field: 'head', code: 'custom', message: `No commits between ${error.base} and ${error.head}` }]),
  NoCommonHistory: (error) =>
    validationFailed([
      { resource: 'PullRequest', field: 'head', code: 'custom', message: `The ${error.headLabel} branch has no history in common with ${error.base}` },
    ]),
  PullRequestAlreadyExists: (error) =>
    validationFailed([{ resource: 'PullRequest', field: 'head', code: 'custom', message: `A pull request already exists for ${error.headLabel}.` }]),
  InvalidPullRequestField: (error) => validationFailed([{ resource: 'PullRequest', field: error.field, code: error.code }]),
  PullRequestStateRefused: (error) =>
    validationFailed([
      {
        resource: 'PullRequest',
        field: error.reason === 'base_of_closed' ? 'base' : 'state',
        code: 'custom',
        message:
          error.reason === 'base_of_closed'
            ? 'Cannot change the base branch of a closed pull request.'
            : 'state cannot be changed. The pull request cannot be reopened because it is merged.',
      },
    ]),
  PullRequestNotMergeable: () => ({ status: 405, message: 'Pull Request is not mergeable' }),
  PullRequestHeadModified: () => ({ status: 409, message: 'Head branch was modified. Review and try the merge again.' }),
  PullRequestBaseModified: () => ({ status: 409, message: 'Base branch was modified. Review and try the merge again.' }),
};
