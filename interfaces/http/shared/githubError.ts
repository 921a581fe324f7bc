import type { Response } from 'express';
import { operationDocumentationUrl } from './documentationUrl.js';

export const DOCUMENTATION_URL = 'https://docs.github.com/rest';

export interface ValidationErrorItem {
  readonly resource: string;
  // absent when the problem is the whole body (GitHub's schema asks only for `code`)
  readonly field?: string;
  // which element of a list field (GitHub's validation-error `index`)
  readonly index?: number;
  readonly code: 'missing' | 'missing_field' | 'invalid' | 'invalid_value' | 'already_exists' | 'unprocessable' | 'custom';
  readonly message?: string;
}

export interface GithubErrorBody {
  readonly message: string;
  readonly documentation_url: string;
  readonly errors?: readonly (ValidationErrorItem | string)[];
  // The status code again, as a string: api.github.com's error bodies carry it ("404").
  readonly status: string;
}

// GitHub's error body: {"message", "documentation_url", "status"} and, for 422, "errors". The
// page is the one given, else the operation's (documentationUrl.ts), else the general one.
export function sendGithubError(
  res: Response,
  status: number,
  message: string,
  extra: { errors?: readonly (ValidationErrorItem | string)[]; documentationUrl?: string } = {},
): void {
  const body: GithubErrorBody = {
    message,
    documentation_url: extra.documentationUrl ?? operationDocumentationUrl(res) ?? DOCUMENTATION_URL,
    ...(extra.errors ? { errors: extra.errors } : {}),
    status: String(status),
  };
  res.status(status).json(body);
}
