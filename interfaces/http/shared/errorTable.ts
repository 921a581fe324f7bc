import type { AppError } from '../../../application/shared/appError.js';
import { accountsHttpErrors } from '../accounts/accounts.httpErrors.js';
import { authorizationsHttpErrors } from '../authorizations/authorizations.httpErrors.js';
import { gitdataHttpErrors } from '../gitdata/gitdata.httpErrors.js';
import { issuesHttpErrors } from '../issues/issues.httpErrors.js';
import { projectsHttpErrors } from '../projects/projects.httpErrors.js';
import { migrationsHttpErrors } from '../migrations/migrations.httpErrors.js';
import { importsHttpErrors } from '../imports/imports.httpErrors.js';
import { webhooksHttpErrors } from '../webhooks/webhooks.httpErrors.js';
import { searchHttpErrors } from '../search/search.httpErrors.js';
import { pullsHttpErrors } from '../pulls/pulls.httpErrors.js';
import { repositoriesHttpErrors } from '../repositories/repositories.httpErrors.js';
import type { ErrorTable, HttpError } from './httpError.js';

export type { HttpError } from './httpError.js';

// The one table from application error tags to GitHub's statuses and bodies, assembled from
// each area's part (interfaces/http/<area>/<area>.httpErrors.ts): a new area adds its part
// here, and the type refuses a table that misses a tag of AppError.
const table: ErrorTable<AppError> = {
  ...accountsHttpErrors,
  ...repositoriesHttpErrors,
  ...pullsHttpErrors,
  ...issuesHttpErrors,
  ...authorizationsHttpErrors,
  ...gitdataHttpErrors,
  ...projectsHttpErrors,
  ...webhooksHttpErrors,
  ...importsHttpErrors,
  ...migrationsHttpErrors,
  ...searchHttpErrors,
  ConcurrencyConflict: (error) => ({ status: 409, message: `The resource was changed by another request; try again (${error.streamId})` }),
};

export function httpErrorFor(error: AppError): HttpError {
  // A tag is a key of the table by its type; Object.hasOwn keeps inherited names out.
  if (!Object.hasOwn(table, error._tag)) throw new Error(`unmapped application error: ${JSON.stringify(error)}`);
  return (table[error._tag] as (error: AppError) => HttpError)(error);
}
