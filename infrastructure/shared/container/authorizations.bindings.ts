import type { Container } from 'inversify';
import { ApplicationTokens } from '../../../application/authorizations/applicationTokens.query.js';
import { AuthenticateWithToken } from '../../../application/authorizations/authenticateWithToken.query.js';
import { AuthorizationCommands } from '../../../application/authorizations/authorizationCommands.js';
import { AuthorizationQueries } from '../../../application/authorizations/authorization.queries.js';
import { AuthorizationHistory } from '../../../application/authorizations/authorizationHistory.query.js';

// Application services of the authorizations area.
export function bindAuthorizations(container: Container): void {
  for (const service of [AuthorizationQueries, AuthorizationCommands, AuthenticateWithToken, AuthorizationHistory, ApplicationTokens]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
