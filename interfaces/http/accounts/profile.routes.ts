import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { ChangePasswordHandler } from '../../../application/accounts/changePassword.handler.js';
import { UpdateProfileHandler } from '../../../application/accounts/updateProfile.handler.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { ProfileChanges } from '../../../domain/accounts/user.events.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser, type AuthenticatedCaller } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { ChangePasswordBody, UpdateProfileBody } from './users.codecs.js';
import { privateUser } from './users.encoders.js';

export interface ProfileRoutesDeps {
  readonly updateProfile: UpdateProfileHandler;
  readonly changePassword: ChangePasswordHandler;
  readonly users: UserQueries;
  readonly clock: Clock;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// Only the fields the request carried; GitHub shows an unset blog as "".
function profileChanges(body: UpdateProfileBody): ProfileChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value !== undefined) changes[field] = field === 'blog' && value === null ? '' : value;
  }
  return changes as ProfileChanges;
}

// The caller's own account: PATCH /user, and forgelog's PATCH /user/password.
export function profileRoutes(router: Router, { updateProfile, changePassword, users, clock }: ProfileRoutesDeps): void {
  router.patch('/user', requireUser, async (req: Request, res: Response) => {
    // A login changes only through the site-admin rename, which moves the reservation.
    if (isObject(req.body) && 'login' in req.body) {
      return sendValidationFailed(res, [{ resource: 'User', field: 'login', code: 'invalid', message: 'login cannot be changed' }]);
    }
    const body = decodeInput(UpdateProfileBody, bodyOrEmpty(req.body), 'User');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const caller = res.locals.caller as AuthenticatedCaller;
    const updated = await updateProfile.execute(caller.userId, profileChanges(body.right), commandContext(req, res, clock.now()));
    if (isLeft(updated)) return sendAppError(res, updated.left);
    const user = await users.userById(caller.userId);
    if (!user) return sendNotFound(res);
    res.json(privateUser(user, urlsOf(res), { twoFactorAuthentication: await users.twoFactorEnabled(user.id) }));
  });

  router.patch('/user/password', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(ChangePasswordBody, bodyOrEmpty(req.body), 'User');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const caller = res.locals.caller as AuthenticatedCaller;
    const input = { oldPassword: body.right.old_password, newPassword: body.right.new_password };
    const changed = await changePassword.execute(caller.userId, input, commandContext(req, res, clock.now()));
    if (isLeft(changed)) return sendAppError(res, changed.left);
    res.status(204).end();
  });
}
