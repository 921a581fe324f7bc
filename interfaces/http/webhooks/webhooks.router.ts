import { Router } from 'express';
import type { Container } from 'inversify';
import { webhooksDeps } from './webhooks.deps.js';
import { organizationHookRoutes, repositoryHookRoutes } from './webhooks.routes.js';

// Repository and organization webhooks. Mounted after the repositories router, which resolves /repos/:owner/:repo.
export function webhooksRouter(container: Container): Router {
  const deps = webhooksDeps(container);
  const router = Router();
  repositoryHookRoutes(router, deps);
  organizationHookRoutes(router, deps);
  return router;
}
