import { Router } from 'express';
import type { Container } from 'inversify';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { repositoryScope } from '../repositories/repositoryScope.js';
import { activityDeps } from './activity.deps.js';
import { activityRoutes } from './activity.routes.js';
import { eventLoopLoad } from './pollInterval.js';

// Mounted after the repositories router (/repos/:owner/:repo is resolved there); the network
// feed resolves its repository the same way, redirecting from a former name.
export function activityRouter(container: Container): Router {
  const router = Router();
  const scope = { repositories: container.get(RepositoryQueries), access: container.get(RepositoryAccessQuery) };
  router.use('/networks/:owner/:repo', repositoryScope(scope, 'networks'));
  activityRoutes(router, activityDeps(container, eventLoopLoad()));
  return router;
}
