import type { IssuesError } from '../../../domain/issues/issues.errors.js';
import { validationFailed, type ErrorTable } from '../shared/httpError.js';

// The issues area's part of the error table: each of its error tags as GitHub answers it.
export const issuesHttpErrors: ErrorTable<IssuesError> = {
  IssueNotFound: () => ({ status: 404, message: 'Not Found' }),
  IssueCommentNotFound: () => ({ status: 404, message: 'Not Found' }),
  MilestoneNotFound: () => ({ status: 404, message: 'Not Found' }),
  ReactionNotFound: () => ({ status: 404, message: 'Not Found' }),
  LabelNotFound: () => ({ status: 404, message: 'Label does not exist' }),
  IssuesDisabled: () => ({ status: 410, message: 'Issues are disabled for this repo' }),
  IssueLocked: () => ({ status: 403, message: 'Unable to create comment because issue is locked.' }),
  IssueChangeForbidden: (error) => ({ status: 403, message: `You do not have permission to change this ${error.resource}.` }),
  IssueAlreadyExists: (error) => validationFailed([{ resource: error.resource, field: 'id', code: 'already_exists' }]),
  IssueValidationFailed: (error) =>
    validationFailed([{ resource: error.resource, field: error.field, code: error.code, ...(error.message === undefined ? {} : { message: error.message }) }]),
};
