import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { CreateUserHandler } from '../../../application/accounts/createUser.handler.js';
import { DeleteUserHandler } from '../../../application/accounts/deleteUser.handler.js';
import { RenameUserHandler } from '../../../application/accounts/renameUser.handler.js';
import { SetSiteAdminHandler } from '../../../application/accounts/setSiteAdmin.handler.js';
import { SetSuspensionHandler } from '../../../application/accounts/setSuspension.handler.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireSiteAdmin } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { CreateUserBody, RenameUserBody, SuspensionBody } from './users.codecs.js';
import { simpleUser } from './users.encoders.js';

export interface AdminRoutesDeps {
  readonly createUser: CreateUserHandler;
  readonly renameUser: RenameUserHandler;
  readonly deleteUser: DeleteUserHandler;
  readonly setSiteAdmin: SetSiteAdminHandler;
  readonly setSuspension: SetSuspensionHandler;
  readonly users: UserQueries;
  readonly clock: Clock;
}

// GitHub Enterprise's site-admin API.
// Adds the routes to the area's router: one router per area keeps route lookup flat.
export function adminRoutes(router: Router, deps: AdminRoutesDeps): void {
  const { createUser, renameUser, deleteUser, users, clock } = deps;

  router.post('/admin/users', requireSiteAdmin, async (req: Request, res: Response) => {
    const body = decodeInput(CreateUserBody, bodyOrEmpty(req.body), 'User');
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
    res
      .status(201)
      .location(urls.api(`/users/${user.login}`))
      .json(simpleUser(user, urls));
  });

  // GitHub Enterprise queues the rename and answers 202; here the rename is done (and read
  // models show it) before the answer, so the URL already resolves.
  router.patch('/admin/users/:username', requireSiteAdmin, async (req: Request, res: Response) => {
    const body = decodeInput(RenameUserBody, bodyOrEmpty(req.body), 'User');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const renamed = await renameUser.execute(String(req.params.username), body.right.login, commandContext(req, res, clock.now()));
    if (isLeft(renamed)) return sendAppError(res, renamed.left);
    res
      .status(202)
      .json({ message: 'Job queued to rename user. It may take a few minutes to complete.', url: urlsOf(res).api(`/user/${renamed.right.userId}`) });
  });

  router.delete('/admin/users/:username', requireSiteAdmin, async (req: Request, res: Response) => {
    const deleted = await deleteUser.execute(String(req.params.username), commandContext(req, res, clock.now()));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });

  // PUT turns the status on, DELETE turns it off.
  for (const [method, turnOn] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    router[method]('/users/:username/site_admin', requireSiteAdmin, async (req: Request, res: Response) => {
      const changed = await deps.setSiteAdmin.execute(String(req.params.username), turnOn, commandContext(req, res, clock.now()));
      if (isLeft(changed)) return sendAppError(res, changed.left);
      res.status(204).end();
    });
    router[method]('/users/:username/suspended', requireSiteAdmin, async (req: Request, res: Response) => {
      const body = decodeInput(SuspensionBody, bodyOrEmpty(req.body), 'User');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const reason = body.right.reason ?? null;
      const changed = await deps.setSuspension.execute(String(req.params.username), turnOn, reason, commandContext(req, res, clock.now()));
      if (isLeft(changed)) return sendAppError(res, changed.left);
      res.status(204).end();
    });
  }
}
