import { Router } from 'express';
import type { Container } from 'inversify';
import { mergeRoutes } from './merge.routes.js';
import { pullsDeps } from './pulls.deps.js';
import { pullRequestRoutes } from './pulls.routes.js';

// Mounted after the repositories router, whose /repos/:owner/:repo scope has already answered
// 404 to callers who may not read the repository and left res.locals.repositoryScope.
export function pullsRouter(container: Container): Router {
  const deps = pullsDeps(container);
  const router = Router();
  pullRequestRoutes(router, deps);
  mergeRoutes(router, deps);
  return router;
}
