import { Router, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import { repositoryScopeOf } from '../repositories/repositoryScope.js';
import { sendGithubError } from '../shared/githubError.js';
import { issueCommentRoutes } from './issueComments.routes.js';
import { issueAssigneeRoutes } from './issueAssignees.routes.js';
import { issueLabelRoutes } from './issueLabels.routes.js';
import { issueRoutes } from './issues.routes.js';
import { issuesDeps } from './issues.deps.js';
import { labelRoutes } from './labels.routes.js';
import { milestoneRoutes } from './milestones.routes.js';
import { reactionRoutes } from './reactions.routes.js';

// GitHub answers 410 Gone on every issues endpoint of a repository whose issues are
// disabled; labels and milestones stay.
const issuesEnabled: RequestHandler = (_req, res, next) => {
  if (!repositoryScopeOf(res).repository.has_issues) return sendGithubError(res, 410, 'Issues are disabled for this repo');
  next();
};

// Mounted after the repositories router, whose /repos/:owner/:repo scope has already
// answered 404 to whoever may not read the repository and left the scope in res.locals.
export function issuesRouter(container: Container): Router {
  const deps = issuesDeps(container);
  const router = Router();
  router.use('/repos/:owner/:repo/issues', issuesEnabled);
  issueCommentRoutes(router, deps);
  reactionRoutes(router, deps);
  issueLabelRoutes(router, deps);
  issueAssigneeRoutes(router, deps);
  issueRoutes(router, deps);
  labelRoutes(router, deps);
  milestoneRoutes(router, deps);
  return router;
}
