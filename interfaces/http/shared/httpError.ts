import type { ValidationErrorItem } from './githubError.js';

export interface HttpError {
  readonly status: number;
  readonly message: string;
  readonly errors?: readonly (ValidationErrorItem | string)[];
  // Where GitHub's body points for this error, when it is not the general REST page.
  readonly documentationUrl?: string;
}

export const validationFailed = (errors: readonly ValidationErrorItem[]): HttpError => ({ status: 422, message: 'Validation Failed', errors });

// An area's errors as GitHub answers them: one entry per tag of the area's error union, so
// the compiler refuses a table that misses one.
export type ErrorTable<E extends { readonly _tag: string }> = { readonly [Tag in E['_tag']]: (error: Extract<E, { readonly _tag: Tag }>) => HttpError };
