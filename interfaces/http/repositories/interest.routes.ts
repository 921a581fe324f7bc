import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { Paged } from '../../../application/repositories/repository.queries.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { repositorySubscription } from './collaborators.encoders.js';
import { asksForStarDates, stargazer } from './stars.encoders.js';
import { SubscriptionBody } from './repositories.codecs.js';
import type { RepositoriesDeps } from './repositories.deps.js';
import { accessCallerOf, repositoryScopeOf } from './repositoryScope.js';

// Stars and watching: who is interested in a repository.
export function interestRoutes(router: Router, deps: RepositoriesDeps): void {
  // /user/starred/{owner}/{repo} is outside the /repos scope: the repository is resolved here.
  const starredRepository = async (req: Request, res: Response) => {
    const owner = await deps.repositories.accountByLogin(String(req.params.owner));
    const repository = owner ? await deps.repositories.byOwnerAndName(owner.id, String(req.params.repo)) : null;
    if (!repository || (await deps.access.roleFor(accessCallerOf(res), repository)) === 'none') return null;
    return repository;
  };
  const changeStar = (starred: boolean) => async (req: Request, res: Response) => {
    const repository = await starredRepository(req, res);
    if (!repository) return sendNotFound(res);
    const changed = await deps.starRepository.execute(accessCallerOf(res)!, repository.id, starred, commandContext(req, res, deps.clock.now()));
    if (isLeft(changed)) return sendAppError(res, changed.left);
    res.status(204).end();
  };
  router.put('/user/starred/:owner/:repo', requireUser, changeStar(true));
  router.delete('/user/starred/:owner/:repo', requireUser, changeStar(false));
  router.get('/user/starred/:owner/:repo', requireUser, async (req: Request, res: Response) => {
    const repository = await starredRepository(req, res);
    const star = repository && (await deps.repositories.star(repository.id, accessCallerOf(res)!.userId));
    if (!star) return sendNotFound(res);
    res.status(204).end();
  });

  const sendUsers = async <T extends { user_id: number }>(
    req: Request,
    res: Response,
    paged: Paged<T>,
    perPage: number,
    page: number,
    encode: (item: T, user: UserDocument) => unknown = (_item, user) => simpleUser(user, urlsOf(res)),
  ) => {
    setLinkHeader(req, res, { page, perPage, totalCount: paged.totalCount });
    const users = await deps.repositories.accountsByIds(paged.items.map((item) => item.user_id));
    res.json(paged.items.flatMap((item) => (users.has(item.user_id) ? [encode(item, users.get(item.user_id)!)] : [])));
  };
  router.get('/repos/:owner/:repo/stargazers', async (req: Request, res: Response) => {
    const { page, perPage } = parsePagination(req.query);
    const stars = await deps.repositories.stargazersOf(repositoryScopeOf(res).repository.id, { page, perPage });
    if (!asksForStarDates(res)) return sendUsers(req, res, stars, perPage, page);
    await sendUsers(req, res, stars, perPage, page, (star, user) => stargazer(star, user, urlsOf(res)));
  });
  router.get('/repos/:owner/:repo/subscribers', async (req: Request, res: Response) => {
    const { page, perPage } = parsePagination(req.query);
    await sendUsers(req, res, await deps.repositories.subscribersOf(repositoryScopeOf(res).repository.id, { page, perPage }), perPage, page);
  });

  const sendSubscription = async (res: Response, status: number) => {
    const { repository, owner } = repositoryScopeOf(res);
    const subscription = await deps.repositories.subscription(repository.id, accessCallerOf(res)!.userId);
    if (!subscription) return sendNotFound(res);
    res.status(status).json(repositorySubscription(subscription, `${owner.login}/${repository.name}`, urlsOf(res)));
  };
  router.get('/repos/:owner/:repo/subscription', requireUser, (_req: Request, res: Response) => sendSubscription(res, 200));
  router.put('/repos/:owner/:repo/subscription', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(SubscriptionBody, bodyOrEmpty(req.body), 'Subscription');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    // GitHub: ignoring a repository is a subscription that blocks notifications.
    const change = { subscribed: body.right.subscribed ?? !(body.right.ignored ?? false), ignored: body.right.ignored ?? false };
    const changed = await deps.changeSubscription.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      change,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(changed)) return sendAppError(res, changed.left);
    await sendSubscription(res, 200);
  });
  router.delete('/repos/:owner/:repo/subscription', requireUser, async (req: Request, res: Response) => {
    const changed = await deps.changeSubscription.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      null,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(changed)) return sendAppError(res, changed.left);
    res.status(204).end();
  });
}
