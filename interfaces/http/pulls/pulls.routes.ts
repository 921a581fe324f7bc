import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { PullRequestListFilter } from '../../../application/pulls/pullRequest.queries.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { pullRequestSimple } from './pullRequest.encoders.js';
import { pullNumberOf, sendPullRequest, visibleToCaller } from './pullRequestResponses.js';
import { CreatePullRequestBody, ListPullRequestsQuery, UpdatePullRequestBody } from './pulls.codecs.js';
import type { PullsDeps } from './pulls.deps.js';

// A repeated query parameter takes its last value, as Rails does.
function lastValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[value.length - 1] : value]));
}

export function pullRequestRoutes(router: Router, deps: PullsDeps): void {
  router.post('/repos/:owner/:repo/pulls', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(CreatePullRequestBody, bodyOrEmpty(req.body), 'PullRequest');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { title, head, base } = body.right;
    const input = {
      title,
      head,
      base,
      body: body.right.body ?? null,
      draft: body.right.draft ?? false,
      maintainerCanModify: body.right.maintainer_can_modify ?? true,
    };
    const opened = await deps.openPullRequest.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      input,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(opened)) return sendAppError(res, opened.left);
    await sendPullRequest(res, deps, opened.right.number, 201);
  });

  router.get('/repos/:owner/:repo/pulls', async (req: Request, res: Response) => {
    const query = decodeInput(ListPullRequestsQuery, lastValues(req.query as Record<string, unknown>), 'PullRequest');
    if (isLeft(query)) return sendValidationFailed(res, query.left);
    const { repository } = repositoryScopeOf(res);
    const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
    const sort = query.right.sort ?? 'created';
    const filter: PullRequestListFilter = {
      state: query.right.state ?? 'open',
      ...(query.right.base !== undefined ? { base: query.right.base } : {}),
      ...(query.right.head !== undefined ? { head: await headFilter(deps, repository, query.right.head) } : {}),
      sort,
      // GitHub: descending by default when sorting by creation, ascending otherwise.
      direction: query.right.direction ?? (sort === 'created' ? 'desc' : 'asc'),
      page,
      perPage,
    };
    const listed = await deps.pulls.list(repository.id, filter);
    setLinkHeader(req, res, { page, perPage, totalCount: listed.totalCount });
    const views = await Promise.all((await deps.views.many(listed.items, accessCallerOf(res))).map((view) => visibleToCaller(res, deps, view)));
    res.json(views.map((view) => pullRequestSimple(view, urlsOf(res))));
  });

  router.get('/repos/:owner/:repo/pulls/:pull_number', async (req: Request, res: Response) => {
    const number = pullNumberOf(req);
    if (number === null) return sendNotFound(res);
    await sendPullRequest(res, deps, number, 200);
  });

  router.patch('/repos/:owner/:repo/pulls/:pull_number', requireUser, async (req: Request, res: Response) => {
    const number = pullNumberOf(req);
    if (number === null) return sendNotFound(res);
    const body = decodeInput(UpdatePullRequestBody, bodyOrEmpty(req.body), 'PullRequest');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { title, body: text, state, base, maintainer_can_modify: maintainerCanModify } = body.right;
    const input = {
      ...(title !== undefined ? { title } : {}),
      ...(text !== undefined ? { body: text } : {}),
      ...(state ? { state } : {}),
      ...(base !== undefined ? { base } : {}),
      ...(maintainerCanModify !== undefined ? { maintainerCanModify } : {}),
    };
    const edited = await deps.editPullRequest.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      input,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(edited)) return sendAppError(res, edited.left);
    await sendPullRequest(res, deps, number, 200);
  });
}

// GitHub's `head` filter is `user:ref-name`: that account's branch in this repository or in
// its fork of it. An unknown account matches nothing.
async function headFilter(deps: PullsDeps, repository: RepositoryDocument, head: string): Promise<PullRequestListFilter['head']> {
  const colon = head.indexOf(':');
  if (colon < 0) return { repositoryIds: [repository.id], ref: head };
  const account = await deps.repositories.accountByLogin(head.slice(0, colon));
  const network = account ? await deps.repositories.forksInNetworkOwnedBy(account.id, repository.id) : [];
  const repositoryIds = [...(account?.id === repository.owner_id ? [repository.id] : []), ...network.map((candidate) => candidate.id)];
  return { repositoryIds, ref: head.slice(colon + 1) };
}
