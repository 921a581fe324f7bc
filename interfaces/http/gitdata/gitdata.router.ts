import { Router } from 'express';
import type { Container } from 'inversify';
import { branchesRoutes } from './branches.routes.js';
import { contentsRoutes } from './contents.routes.js';
import { gitdataRoutes } from './gitdata.routes.js';
import { rawFilesRoutes } from './rawFiles.routes.js';

// Mounted after the repositories router, whose /repos/:owner/:repo scope has already answered
// 404 to callers who may not read the repository and left res.locals.repositoryScope (the raw
// files' routes, outside /repos, decide the same themselves).
export function gitdataRouter(container: Container): Router {
  const router = Router();
  gitdataRoutes(router, container);
  contentsRoutes(router, container);
  branchesRoutes(router, container);
  rawFilesRoutes(router, container);
  return router;
}
