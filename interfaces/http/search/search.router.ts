import { Router } from 'express';
import type { Container } from 'inversify';
import { CommitSearchQuery } from '../../../application/search/commitSearch.query.js';
import { RepositorySearchQuery } from '../../../application/search/repositorySearch.query.js';
import { commitSearchRoutes } from './commitSearch.routes.js';
import { IssueSearchQuery } from '../../../application/search/issueSearch.query.js';
import { issueSearchRoutes } from './issueSearch.routes.js';
import { CodeSearchQuery } from '../../../application/search/codeSearch.query.js';
import { codeSearchRoutes } from './codeSearch.routes.js';
import { repositorySearchRoutes } from './repositorySearch.routes.js';

// GET /search/*: one route module per endpoint (the rate limiter counts them as `search`).
export function searchRouter(container: Container): Router {
  const router = Router();
  repositorySearchRoutes(router, container.get(RepositorySearchQuery));
  commitSearchRoutes(router, container.get(CommitSearchQuery));
  issueSearchRoutes(router, container.get(IssueSearchQuery));
  codeSearchRoutes(router, container.get(CodeSearchQuery));
  return router;
}
