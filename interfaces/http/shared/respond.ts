import type { Response } from 'express';
import type { AppError } from '../../../application/shared/appError.js';
import { httpErrorFor } from './errorTable.js';
import { sendGithubError, type ValidationErrorItem } from './githubError.js';

export function sendAppError(res: Response, error: AppError): void {
  const { status, message, errors, documentationUrl } = httpErrorFor(error);
  sendGithubError(res, status, message, { ...(errors ? { errors } : {}), ...(documentationUrl ? { documentationUrl } : {}) });
}

export function sendValidationFailed(res: Response, errors: readonly ValidationErrorItem[]): void {
  sendGithubError(res, 422, 'Validation Failed', { errors });
}

export function sendNotFound(res: Response): void {
  sendGithubError(res, 404, 'Not Found');
}
