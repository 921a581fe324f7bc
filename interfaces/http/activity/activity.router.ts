import { Router, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { repositoryScope } from '../repositories/repositoryScope.js';
import { activityDeps } from './activity.deps.js';
import { DirectGetRoutes } from '../shared/directRoutes.js';
import { accountFeedRoutes, networkFeedRoutes, repositoryFeedRoutes } from './activity.routes.js';
import { atomFeedRoutes } from './atomFeeds.routes.js';
import type { FeedTokens } from '../../../application/shared/ports/feedTokens.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
// Mounted first of the areas: feeds are polled far more than anything else is read, and a
// poll should not walk past every other area's routes. The network feed resolves its
// repository as /repos/{owner}/{repo} does, redirecting from a former name.
// The account feeds, polled most, are matched without express's router (directRoutes.ts).
export function activityFeedsRouter(container: Container): RequestHandler {
  const deps = activityDeps(container);
  const accountFeeds = new DirectGetRoutes();
  accountFeedRoutes(accountFeeds, deps);
  const networks = Router();
  const scope = { repositories: container.get(RepositoryQueries), access: container.get(RepositoryAccessQuery) };
  networks.use('/networks/:owner/:repo', repositoryScope(scope, 'networks'));
  networkFeedRoutes(networks, deps);
  const direct = accountFeeds.middleware();
  return (req, res, next) => direct(req, res, (error?: unknown) => (error ? next(error) : networks(req, res, next)));
}

// Mounted after the repositories router, which resolves /repos/:owner/:repo.
export function activityRepositoryRouter(container: Container): Router {
  const router = Router();
  repositoryFeedRoutes(router, activityDeps(container));
  return router;
}

// GET /feeds and the Atom feeds at the web root (/timeline.atom, /{user}.atom, the private
// ones): mounted last, as its /{file} route takes any single segment ending in .atom.
export function activityAtomRouter(container: Container): Router {
  const router = Router();
  atomFeedRoutes(router, { ...activityDeps(container), feedTokens: container.get<FeedTokens>(TOKENS.FeedTokens) });
  return router;
}
