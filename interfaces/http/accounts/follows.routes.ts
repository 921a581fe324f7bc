import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { FollowQueries, type AccountsPage } from '../../../application/accounts/follow.queries.js';
import { FollowUserHandler } from '../../../application/accounts/followUser.handler.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser, type AuthenticatedCaller } from '../shared/authentication.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound } from '../shared/respond.js';
import { simpleUser } from './users.encoders.js';

export interface FollowsRoutesDeps {
  readonly follow: FollowUserHandler;
  readonly follows: FollowQueries;
  readonly users: UserQueries;
  readonly clock: Clock;
}

type PageOf = (userId: number, page: number, perPage: number) => Promise<AccountsPage>;

const callerId = (res: Response) => (res.locals.caller as AuthenticatedCaller).userId;

// GitHub's follow API: 204 for "yes" and for a done change, 404 for "no" and unknown users.
export function followsRoutes(router: Router, { follow, follows, users, clock }: FollowsRoutesDeps): void {
  async function sendPage(req: Request, res: Response, userId: number, pageOf: PageOf): Promise<void> {
    const { page, perPage } = parsePagination(req.query);
    const result = await pageOf(userId, page, perPage);
    setLinkHeader(req, res, { page, perPage, totalCount: result.totalCount });
    const urls = urlsOf(res);
    res.json(result.users.map((user) => simpleUser(user, urls)));
  }

  async function answerIsFollowing(res: Response, follower: UserDocument | null, followeeLogin: string): Promise<void> {
    const followee = await users.userByLogin(followeeLogin);
    if (!follower || !followee || !(await follows.isFollowing(follower.id, followee.id))) return sendNotFound(res);
    res.status(204).end();
  }

  router.put('/user/following/:username', requireUser, async (req: Request, res: Response) => {
    const followed = await follow.follow(callerId(res), String(req.params.username), commandContext(req, res, clock.now()));
    if (isLeft(followed)) return sendAppError(res, followed.left);
    res.status(204).end();
  });

  router.delete('/user/following/:username', requireUser, async (req: Request, res: Response) => {
    const unfollowed = await follow.unfollow(callerId(res), String(req.params.username), commandContext(req, res, clock.now()));
    if (isLeft(unfollowed)) return sendAppError(res, unfollowed.left);
    res.status(204).end();
  });

  router.get('/user/following/:username', requireUser, async (req: Request, res: Response) => {
    await answerIsFollowing(res, await users.userById(callerId(res)), String(req.params.username));
  });

  router.get('/users/:username/following/:target_user', async (req: Request, res: Response) => {
    await answerIsFollowing(res, await users.userByLogin(String(req.params.username)), String(req.params.target_user));
  });

  const lists: Readonly<Record<'followers' | 'following', PageOf>> = {
    followers: (userId, page, perPage) => follows.followersOf(userId, page, perPage),
    following: (userId, page, perPage) => follows.followingOf(userId, page, perPage),
  };
  for (const [list, pageOf] of Object.entries(lists)) {
    router.get(`/user/${list}`, requireUser, (req: Request, res: Response) => sendPage(req, res, callerId(res), pageOf));
    // The ghost's lists too (GET /users/ghost answers it), empty.
    router.get(`/users/:username/${list}`, async (req: Request, res: Response) => {
      const user = await users.shownByLogin(String(req.params.username));
      if (!user) return sendNotFound(res);
      await sendPage(req, res, user.id, pageOf);
    });
  }
}
