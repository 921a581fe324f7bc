import { Router } from 'express';
import type { Container } from 'inversify';
import { CreateUserHandler } from '../../../application/accounts/createUser.handler.js';
import { UserQueries } from '../../../application/accounts/userQueries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { adminRoutes } from './admin.routes.js';
import { usersRoutes } from './users.routes.js';

// Every route of the accounts area.
export function accountsRouter(container: Container): Router {
  const users = container.get(UserQueries);
  const clock = container.get<Clock>(TOKENS.Clock);
  const router = Router();
  usersRoutes(router, { users });
  adminRoutes(router, { createUser: container.get(CreateUserHandler), users, clock });
  return router;
}
