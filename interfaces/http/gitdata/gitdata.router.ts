import { Router } from 'express';
import type { Container } from 'inversify';
import { branchesRoutes } from './branches.routes.js';
import { contentsRoutes } from './contents.routes.js';
import { gitdataRoutes } from './gitdata.routes.js';

// Mounted after the repositories router, whose /repos/:owner/:repo scope has already answered
// 404 to callers who may not read the repository and left res.locals.repositoryScope.
export function gitdataRouter(container: Container): Router {
  const router = Router();
  gitdataRoutes(router, container);
  contentsRoutes(router, container);
  branchesRoutes(router, container);
  return router;
}
