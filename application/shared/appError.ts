import type { AccountsError } from '../../domain/accounts/accounts.errors.js';
import type { RepositoriesError } from '../../domain/repositories/repositories.errors.js';
import type { PullsError } from '../../domain/pulls/pulls.errors.js';
import type { IssuesError } from '../../domain/issues/issues.errors.js';
import type { AuthorizationsError } from '../../domain/authorizations/authorizations.errors.js';
import type { GitDataError } from '../../domain/gitdata/gitdata.errors.js';
import type { ProjectsError } from '../../domain/projects/projects.errors.js';
import type { MigrationsError } from '../../domain/migrations/migrations.errors.js';
import type { ImportsError } from '../../domain/imports/imports.errors.js';
import type { WebhooksError } from '../../domain/webhooks/webhooks.errors.js';
import type { SearchError } from '../../domain/search/search.errors.js';
import type { ConcurrencyConflict } from './handleCommand.js';

// Every error an application function can return as a value; interfaces/http maps each tag.
export type AppError =
  | AccountsError
  | RepositoriesError
  | PullsError
  | IssuesError
  | AuthorizationsError
  | GitDataError
  | ProjectsError
  | WebhooksError
  | ImportsError
  | MigrationsError
  | SearchError
  | ConcurrencyConflict;
