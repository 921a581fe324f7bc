import type { AppError } from '../../../application/shared/appError.js';
import type { ValidationErrorItem } from './githubError.js';

export interface HttpError {
  readonly status: number;
  readonly message: string;
  readonly errors?: readonly ValidationErrorItem[];
}

function assertUnreachable(value: never): never {
  throw new Error(`unmapped application error: ${JSON.stringify(value)}`);
}

const validationFailed = (errors: readonly ValidationErrorItem[]): HttpError => ({ status: 422, message: 'Validation Failed', errors });

// The one table from application error tags to GitHub's statuses and bodies.
export function httpErrorFor(error: AppError): HttpError {
  switch (error._tag) {
    case 'InvalidLogin':
      return validationFailed([{ resource: 'User', field: 'login', code: 'invalid', message: `login ${JSON.stringify(error.login)} may only contain alphanumeric characters or single hyphens, and cannot begin or end with a hyphen` }]);
    case 'InvalidEmail':
      return validationFailed([{ resource: 'User', field: 'email', code: 'invalid' }]);
    case 'LoginTaken':
      return validationFailed([{ resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
    case 'UserAlreadyExists':
      return validationFailed([{ resource: 'User', field: 'id', code: 'already_exists' }]);
    case 'UserNotFound':
    case 'LoginNotReserved':
      return { status: 404, message: 'Not Found' };
    case 'NotSiteAdmin':
      return { status: 403, message: 'Must be a site administrator.' };
    case 'ConcurrencyConflict':
      return { status: 409, message: `The resource was changed by another request; try again (${error.streamId})` };
    default:
      return assertUnreachable(error);
  }
}
