import { Router } from 'express';
import type { Container } from 'inversify';
import { CodeSearchQuery } from '../../../application/search/codeSearch.query.js';
import { RepositorySearchQuery } from '../../../application/search/repositorySearch.query.js';
import { codeSearchRoutes } from './codeSearch.routes.js';
import { repositorySearchRoutes } from './repositorySearch.routes.js';

// GET /search/*: one route module per endpoint (the rate limiter counts them as `search`).
export function searchRouter(container: Container): Router {
  const router = Router();
  repositorySearchRoutes(router, container.get(RepositorySearchQuery));
  codeSearchRoutes(router, container.get(CodeSearchQuery));
  return router;
}
