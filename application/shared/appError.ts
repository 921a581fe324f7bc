import type { AccountsError } from '../../domain/accounts/accounts.errors.js';
import type { RepositoriesError } from '../../domain/repositories/repositories.errors.js';
import type { ConcurrencyConflict } from './handleCommand.js';

// Every error an application function can return as a value; interfaces/http maps each tag.
export type AppError = AccountsError | RepositoriesError | ConcurrencyConflict;
