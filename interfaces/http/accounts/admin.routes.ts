import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { CreateUserHandler } from '../../../application/accounts/createUser.handler.js';
import { UserQueries } from '../../../application/accounts/userQueries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireSiteAdmin } from '../shared/authentication.js';
import { decodeInput } from '../shared/decode.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { CreateUserBody } from './users.codecs.js';
import { simpleUser } from './users.encoders.js';

export interface AdminRoutesDeps {
  readonly createUser: CreateUserHandler;
  readonly users: UserQueries;
  readonly clock: Clock;
}

// GitHub Enterprise's site-admin API.
// Adds the routes to the area's router: one router per area keeps route lookup flat.
export function adminRoutes(router: Router, { createUser, users, clock }: AdminRoutesDeps): void {

  router.post('/admin/users', requireSiteAdmin, async (req: Request, res: Response) => {
    const body = decodeInput(CreateUserBody, req.body, 'User');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { login, email, password, name } = body.right;
    const created = await createUser.execute(
      { login, email: email ?? null, name: name ?? null, ...(password !== undefined ? { password } : {}) },
      commandContext(req, res, clock.now()),
    );
    if (isLeft(created)) return sendAppError(res, created.left);
    const user = await users.userById(created.right.userId);
    if (!user) return sendNotFound(res);
    const urls = urlsOf(res);
    res.status(201).location(urls.api(`/users/${user.login}`)).json(simpleUser(user, urls));
  });

}
