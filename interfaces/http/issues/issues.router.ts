import { Router, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import { repositoryScopeOf } from '../repositories/repositoryScope.js';
import { sendGithubError } from '../shared/githubError.js';
import { issueCommentRoutes } from './issueComments.routes.js';
import { issueAssigneeRoutes } from './issueAssignees.routes.js';
import { issueLabelRoutes } from './issueLabels.routes.js';
import { issueRoutes } from './issues.routes.js';
import { issuesDeps, type IssuesDeps } from './issues.deps.js';
import { labelRoutes } from './labels.routes.js';
import { milestoneRoutes } from './milestones.routes.js';
import { reactionRoutes } from './reactions.routes.js';

// GitHub answers 410 Gone on every issues endpoint of a repository whose issues are
// disabled; labels and milestones stay, and so does what it takes on a pull request through
// the issues API (a pull request is no issue there): its comments, reactions and lock, its
// labels and assignees, and the issue itself (GET, PATCH).
function issuesEnabled(deps: IssuesDeps): RequestHandler {
  return async (req, res, next) => {
    const { repository } = repositoryScopeOf(res);
    if (repository.has_issues || (await onPullRequest(deps, repository.id, req.path))) return next();
    sendGithubError(res, 410, 'Issues are disabled for this repo');
  };
}

// Below /repos/{owner}/{repo}/issues: `/{number}`, `/{number}/comments`, `/{number}/lock`,
// `/{number}/reactions[/{id}]`, `/{number}/labels[/{name}]`, `/{number}/assignees`, or
// `/comments/{id}[/reactions[/{id}]]`, of a pull request.
async function onPullRequest(deps: IssuesDeps, repositoryId: number, path: string): Promise<boolean> {
  const onNumber = /^\/(\d+)(\/(comments|lock|assignees|(reactions|labels)(\/[^/]+)?))?\/?$/.exec(path);
  if (onNumber) return (await deps.issues.issueByNumber(repositoryId, Number(onNumber[1])))?.pull_request !== undefined;
  const onComment = /^\/comments\/(\d+)(\/reactions(\/[^/]+)?)?\/?$/.exec(path);
  if (!onComment) return false;
  const comment = await deps.issues.comment(Number(onComment[1]));
  if (comment === null || comment.repository_id !== repositoryId) return false;
  return (await deps.issues.issueById(comment.issue_id))?.pull_request !== undefined;
}

// Mounted after the repositories router, whose /repos/:owner/:repo scope has already
// answered 404 to whoever may not read the repository and left the scope in res.locals.
export function issuesRouter(container: Container): Router {
  const deps = issuesDeps(container);
  const router = Router();
  router.use('/repos/:owner/:repo/issues', issuesEnabled(deps));
  issueCommentRoutes(router, deps);
  reactionRoutes(router, deps);
  issueLabelRoutes(router, deps);
  issueAssigneeRoutes(router, deps);
  issueRoutes(router, deps);
  labelRoutes(router, deps);
  milestoneRoutes(router, deps);
  return router;
}
