import type { Container } from 'inversify';
import { AuthenticateWithPassword } from '../../../application/accounts/authenticateWithPassword.query.js';
import { CreateUserHandler } from '../../../application/accounts/createUser.handler.js';
import { EnsureSiteAdmin } from '../../../application/accounts/ensureSiteAdmin.js';
import { UserQueries } from '../../../application/accounts/userQueries.js';

// Application services of the accounts area; ports are bound in runtime.ts.
export function bindAccounts(container: Container): void {
  container.bind(CreateUserHandler).toSelf().inSingletonScope();
  container.bind(UserQueries).toSelf().inSingletonScope();
  container.bind(AuthenticateWithPassword).toSelf().inSingletonScope();
  container.bind(EnsureSiteAdmin).toSelf().inSingletonScope();
}
