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
import { LabelSearchQuery } from '../../../application/search/labelSearch.query.js';
import { labelSearchRoutes } from './labelSearch.routes.js';
import { TopicSearchQuery } from '../../../application/search/topicSearch.query.js';
import { topicSearchRoutes } from './topicSearch.routes.js';
import { UserSearchQuery } from '../../../application/search/userSearch.query.js';
import { userSearchRoutes } from './userSearch.routes.js';

// GET /search/*: one route module per endpoint (the rate limiter counts them as `search`).
export function searchRouter(container: Container): Router {
  const router = Router();
  repositorySearchRoutes(router, container.get(RepositorySearchQuery));
  commitSearchRoutes(router, container.get(CommitSearchQuery));
  issueSearchRoutes(router, container.get(IssueSearchQuery));
  codeSearchRoutes(router, container.get(CodeSearchQuery));
  userSearchRoutes(router, container.get(UserSearchQuery));
  topicSearchRoutes(router, container.get(TopicSearchQuery));
  labelSearchRoutes(router, container.get(LabelSearchQuery));
  return router;
}
