import type { Response } from 'express';
import type { AppError } from '../../../application/shared/appError.js';
import { httpErrorFor } from '../shared/errorTable.js';
import { sendGithubError, type ValidationErrorItem } from '../shared/githubError.js';

// GitHub declares two 422 bodies for classic projects: `validation-error-simple` (errors are
// sentences) for most operations, `validation-error` (errors are objects) for moving a card,
// the collaborator routes and a user's list. Decoding yields objects and the domain sentences:
// each route answers in the shape its operation declares.

const sentenceOf = (item: ValidationErrorItem | string): string =>
  typeof item === 'string' ? item : (item.message ?? `${item.field} ${item.code === 'missing_field' ? 'is missing' : 'is invalid'}`);

// A sentence names its field first ("position is invalid: ..."), when it has one.
const objectOf =
  (resource: string) =>
  (item: ValidationErrorItem | string): ValidationErrorItem => {
    if (typeof item !== 'string') return item;
    const field = /^([a-z_]+) is /.exec(item)?.[1];
    // The schema asks only for `code`: a sentence about no one field has none.
    return { resource, code: 'invalid', message: item, ...(field ? { field } : {}) } as ValidationErrorItem;
  };

export function sendSimpleValidationFailed(res: Response, items: readonly (ValidationErrorItem | string)[]): void {
  sendGithubError(res, 422, 'Validation Failed', { errors: items.map(sentenceOf) });
}

export function sendObjectValidationFailed(res: Response, resource: string, items: readonly (ValidationErrorItem | string)[]): void {
  sendGithubError(res, 422, 'Validation Failed', { errors: items.map(objectOf(resource)) });
}

// An application error in one of the two shapes (statuses other than 422 as the table says).
export function sendProjectAppError(res: Response, error: AppError, shape: 'simple' | { readonly resource: string }): void {
  const { status, message, errors } = httpErrorFor(error);
  const shaped = errors === undefined ? undefined : shape === 'simple' ? errors.map(sentenceOf) : errors.map(objectOf(shape.resource));
  sendGithubError(res, status, message, shaped ? { errors: shaped } : {});
}
