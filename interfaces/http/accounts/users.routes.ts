import type { Request, Response, Router } from 'express';
import type { AuthenticatedCaller } from '../shared/authentication.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import { scopesAllow } from '../../../domain/authorizations/oauthScopes.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { parsePagination, setNextLinkHeader } from '../shared/pagination.js';
import { sendNotFound } from '../shared/respond.js';
import { privateUser, publicUser, simpleUser } from './users.encoders.js';

export interface UsersRoutesDeps {
  readonly users: UserQueries;
}

// Adds the routes to the area's router: one router per area keeps route lookup flat.
export function usersRoutes(router: Router, { users }: UsersRoutesDeps): void {
  router.get('/users', async (req: Request, res: Response) => {
    const { perPage } = parsePagination(req.query);
    const since = Math.max(0, Number.parseInt(String(req.query.since ?? '0'), 10) || 0);
    const page = await users.usersSince(since, perPage);
    const last = page.users[page.users.length - 1];
    if (page.hasMore && last) setNextLinkHeader(req, res, { since: String(last.id), per_page: String(perPage) });
    res.json(page.users.map((user) => simpleUser(user, urlsOf(res))));
  });

  router.get('/users/:username', async (req: Request, res: Response) => {
    // The ghost, whom deleted users' contributions name, answers too (user.queries.ts).
    const user = await users.shownByLogin(String(req.params.username));
    if (!user) return sendNotFound(res);
    res.json(publicUser(user, urlsOf(res)));
  });

  router.get('/user', requireUser, async (_req: Request, res: Response) => {
    const caller = res.locals.caller as AuthenticatedCaller;
    const user = await users.userById(caller.userId);
    if (!user) return sendNotFound(res);
    // A token without `user` or `read:user` sees only the public profile, as on GitHub.
    if (caller.scopes !== undefined && !scopesAllow(caller.scopes, ['user', 'read:user'])) return res.json(publicUser(user, urlsOf(res)));
    res.json(privateUser(user, urlsOf(res), { twoFactorAuthentication: await users.twoFactorEnabled(user.id) }));
  });

  // GET /user/{account_id}: an account by its id, whatever its login is now (the URL a
  // rename answers with). Other /user/<word> paths belong to later routes.
  router.get('/user/:accountId', async (req: Request, res: Response, next) => {
    const accountId = String(req.params.accountId);
    if (!/^\d{1,15}$/.test(accountId)) return next();
    const user = await users.shownById(Number(accountId));
    if (!user) return sendNotFound(res);
    res.json(publicUser(user, urlsOf(res)));
  });
}
