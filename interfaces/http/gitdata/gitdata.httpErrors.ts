import type { GitDataError } from '../../../domain/gitdata/gitdata.errors.js';
import type { ErrorTable } from '../shared/httpError.js';

// The Git Data area's part of the error table, with GitHub's messages.
export const gitdataHttpErrors: ErrorTable<GitDataError> = {
  GitRepositoryEmpty: () => ({ status: 409, message: 'Git Repository is empty.' }),
  GitObjectNotFound: () => ({ status: 404, message: 'Not Found' }),
  GitRefNotFound: () => ({ status: 404, message: 'Not Found' }),
  GitCommitNotFound: (error) => ({ status: 404, message: `No commit found for the ref ${error.ref}` }),
  GitDataRefused: (error) => ({ status: 422, message: error.message }),
  GitDataConflict: (error) => ({ status: 409, message: error.message }),
};
