import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { ListOrder } from '../../../application/repositories/repositoryLists.query.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendValidationFailed } from '../shared/respond.js';
import { CreateForkBody } from './repositories.codecs.js';
import type { RepositoriesDeps } from './repositories.deps.js';
import { sendRepositoryPage } from './repositoryLists.routes.js';
import { sendFullRepository } from './repositoryResponses.js';
import { accessCallerOf, repositoryScopeOf } from './repositoryScope.js';

// A null-prototype table: a query value such as __proto__ or toString finds nothing.
const FORK_ORDERS: Readonly<Record<string, ListOrder>> = Object.assign(Object.create(null), {
  newest: { sort: 'created', direction: 'desc' },
  oldest: { sort: 'created', direction: 'asc' },
  stargazers: { sort: 'stargazers', direction: 'desc' },
  // GitHub's watchers are its stargazers.
  watchers: { sort: 'stargazers', direction: 'desc' },
});

export function forkRoutes(router: Router, deps: RepositoriesDeps): void {
  // GitHub forks in the background and answers 202 at once; here the copy is done by then.
  router.post('/repos/:owner/:repo/forks', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(CreateForkBody, bodyOrEmpty(req.body), 'Fork');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { organization, name, default_branch_only } = body.right;
    const input = { organizationLogin: organization, name, defaultBranchOnly: default_branch_only };
    const forked = await deps.forkRepository.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      input,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(forked)) return sendAppError(res, forked.left);
    await sendFullRepository(res, deps, forked.right.repositoryId, 202);
  });

  router.get('/repos/:owner/:repo/forks', async (req: Request, res: Response) => {
    const sortParam = typeof req.query.sort === 'string' ? req.query.sort : 'newest';
    const order = FORK_ORDERS[sortParam] ?? FORK_ORDERS.newest!;
    const { page, perPage } = parsePagination(req.query);
    const paged = await deps.lists.forksOf(accessCallerOf(res), repositoryScopeOf(res).repository, order, { page, perPage });
    await sendRepositoryPage(req, res, deps, paged, perPage, page);
  });
}
