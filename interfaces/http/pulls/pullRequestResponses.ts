import type { Request, Response } from 'express';
import { urlsOf } from '../shared/apiUrls.js';
import { sendNotFound } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import type { PullRequestView } from '../../../application/pulls/pullRequestViews.query.js';
import { pullRequest } from './pullRequest.encoders.js';
import type { PullsDeps } from './pulls.deps.js';

// GitHub's numbers are positive integers; anything else names no pull request.
export function pullNumberOf(req: Request): number | null {
  const raw = String(req.params.pull_number ?? '');
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

// A head repository (a fork) the caller may not read is shown as null, as a deleted one is.
export async function visibleToCaller(res: Response, deps: Pick<PullsDeps, 'embedded'>, view: PullRequestView): Promise<PullRequestView> {
  return { ...view, head: await deps.embedded.visible(accessCallerOf(res), view.head) };
}

// Reads the pull request back from the read model (the command has settled) and answers it in full.
export async function sendPullRequest(
  res: Response,
  deps: Pick<PullsDeps, 'pulls' | 'views' | 'embedded' | 'mergeability'>,
  number: number,
  status: number,
): Promise<void> {
  const { repository, owner } = repositoryScopeOf(res);
  const pull = await deps.pulls.byNumber(repository.id, number);
  const view = pull && (await deps.views.one(pull, accessCallerOf(res)));
  if (!view) return sendNotFound(res);
  if (status === 201) res.location(urlsOf(res).api(`/repos/${owner.login}/${repository.name}/pulls/${number}`));
  // Viewing, opening or editing asks for a test merge when the tips moved since the last one.
  const mergeability = await deps.mergeability.forTips(view.pull, { baseSha: view.baseSha, headSha: view.headSha }, accessCallerOf(res)?.userId ?? null);
  res.status(status).json(pullRequest(await visibleToCaller(res, deps, view), urlsOf(res), mergeability));
}
