import { Router } from 'express';
import type { Container } from 'inversify';
import { collaboratorRoutes } from './collaborators.routes.js';
import { invitationRoutes } from './invitations.routes.js';
import { forkRoutes } from './forks.routes.js';
import { interestRoutes } from './interest.routes.js';
import { repositoriesDeps } from './repositories.deps.js';
import { repositoryListRoutes } from './repositoryLists.routes.js';
import { repositoryRoutes } from './repository.routes.js';
import { repositoryScope } from './repositoryScope.js';
import { repositoryIdPaths } from './repositoryIdPaths.js';

// Every route of the repositories area. The /repos/:owner/:repo scope comes first: it answers
// 404 for what the caller may not read and redirects renamed repositories, for this area and
// for every area whose router is mounted after this one.
export function repositoriesRouter(container: Container): Router {
  const deps = repositoriesDeps(container);
  const router = Router();
  router.use(repositoryIdPaths(deps.repositories));
  router.use('/repos/:owner/:repo', repositoryScope(deps));
  repositoryRoutes(router, deps);
  repositoryListRoutes(router, deps);
  forkRoutes(router, deps);
  collaboratorRoutes(router, deps);
  invitationRoutes(router, deps);
  interestRoutes(router, deps);
  return router;
}
