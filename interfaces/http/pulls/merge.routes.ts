import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { pullNumberOf } from './pullRequestResponses.js';
import { MergePullRequestBody } from './pulls.codecs.js';
import type { PullsDeps } from './pulls.deps.js';

export function mergeRoutes(router: Router, deps: PullsDeps): void {
  // GitHub's "check if a pull request has been merged": 204 or 404, no body.
  router.get('/repos/:owner/:repo/pulls/:pull_number/merge', async (req: Request, res: Response) => {
    const number = pullNumberOf(req);
    const pull = number === null ? null : await deps.pulls.byNumber(repositoryScopeOf(res).repository.id, number);
    if (!pull || pull.merged_at === null) return sendNotFound(res);
    res.status(204).end();
  });

  router.put('/repos/:owner/:repo/pulls/:pull_number/merge', requireUser, async (req: Request, res: Response) => {
    const number = pullNumberOf(req);
    if (number === null) return sendNotFound(res);
    const body = decodeInput(MergePullRequestBody, bodyOrEmpty(req.body), 'PullRequest');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { commit_title: commitTitle, commit_message: commitMessage, sha, merge_method: mergeMethod } = body.right;
    const input = {
      ...(commitTitle !== undefined ? { commitTitle } : {}),
      ...(commitMessage !== undefined ? { commitMessage } : {}),
      ...(sha !== undefined ? { sha } : {}),
      mergeMethod: mergeMethod ?? 'merge',
    };
    const merged = await deps.mergePullRequest.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      input,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(merged)) return sendAppError(res, merged.left);
    res.status(200).json({ sha: merged.right.sha, merged: true, message: 'Pull Request successfully merged' });
  });
}
