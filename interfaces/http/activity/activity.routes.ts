import type { Request, Response, Router } from 'express';
import type { ActivityEventDocument } from '../../../application/activity/activity.readModel.js';
import type { FeedAudience, FeedPage } from '../../../application/activity/activityFeeds.query.js';
import type { AccessCaller } from '../../../application/shared/access/repositoryAccess.query.js';
import { PUBLIC_FEED, actorFeed, networkFeed, organizationFeed, receivedFeed, repositoryFeed } from '../../../domain/activity/feedKeys.js';
import { urlsOf } from '../shared/apiUrls.js';
import { setPolledLastModified, setPollInterval } from '../shared/conditionalGet.js';
import { sendNotModifiedIfFresh } from '../shared/jsonResponse.js';
import { sendGithubError } from '../shared/githubError.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { sendNotFound } from '../shared/respond.js';
import type { GetRoutes } from '../shared/directRoutes.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import type { ActivityDeps } from './activity.deps.js';
import { activityEventJson } from './activity.encoders.js';
import { pollIntervalFor } from './pollInterval.js';

// GitHub shows an event in the public timeline only once it is five minutes old.
export const PUBLIC_TIMELINE_DELAY_MS = 5 * 60_000;

// GitHub's words for a page past the events a feed keeps (page 4 at per_page=100), as
// api.github.com answers them today: the developer.github.com-era second sentence ("Check the
// rel=last link relation in the Link response header...") is gone, and this 422 sends no Link.
const PAGINATION_LIMITED = 'In order to keep the API fast for everyone, pagination is limited for this resource.';
const PAGINATION_DOCUMENTATION = 'https://docs.github.com/v3/#pagination';

interface FeedChoice {
  readonly key: string;
  readonly audience: FeedAudience;
  readonly delayMs?: number;
  readonly repositoriesChecked?: boolean;
}

// The validators come from what the page shows (activityFeeds.query.ts), so a poll that changes
// nothing costs one read of the feed and its page (or none: feedPageCache.ts) and no encoding;
// a 304 is refunded by the rate limiter.
function answeredNotModified(res: Response, page: FeedPage, now: number): boolean {
  res.setHeader('etag', page.etag);
  if (page.lastModified !== null && page.lastModifiedHttp !== null) setPolledLastModified(res, page.lastModified, page.lastModifiedHttp, now);
  return sendNotModifiedIfFresh(res);
}

// The caller as far as what a feed shows depends on them: who, and what their token reaches.
function cacheKey(req: Request, caller: AccessCaller): string {
  return caller === null ? `-|${req.originalUrl}` : `${caller.userId}|${caller.siteAdmin}|${caller.scopes?.join(',') ?? '*'}|${req.originalUrl}`;
}

// `choose` resolves the feed (404 and the like answered by it, null returned); a poll whose
// page is kept (feedPageCache.ts) skips it and the feed read.
// The page (and so the query) is read only when the kept one cannot answer: a poll answered
// 304 from it is the hot path of the whole server.
async function sendFeed(req: Request, res: Response, deps: ActivityDeps, choose: () => Promise<FeedChoice | null>): Promise<void> {
  const caller = accessCallerOf(res);
  const key = cacheKey(req, caller);
  const now = deps.clock.now().getTime();
  const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
  let feedPage = deps.cache.get(key, now);
  // Read while working the page out; a kept page reads them only for a 200.
  let records: readonly ActivityEventDocument[] | undefined;
  if (!feedPage) {
    const stamp = deps.cache.currentStamp();
    const choice = await choose();
    if (!choice) return;
    // Never kept: a page out of reach is refused before anything is worked out.
    if (!deps.feeds.reaches(page, perPage)) return sendGithubError(res, 422, PAGINATION_LIMITED, { documentationUrl: PAGINATION_DOCUMENTATION });
    ({ page: feedPage, records } = await deps.feeds.page({ ...choice, caller, page, perPage }));
    deps.cache.put(key, stamp, feedPage);
  }
  setPollInterval(res, pollIntervalFor(deps.load.utilization()));
  if (answeredNotModified(res, feedPage, now)) return;
  setLinkHeader(req, res, { page, perPage, totalCount: feedPage.totalCount });
  const { embeddedVisible } = feedPage;
  records ??= await deps.feeds.records(feedPage.ids);
  const numbers = await deps.numbers.of(records);
  const urls = urlsOf(res);
  res.json(records.map((record) => activityEventJson(record, urls, (id) => embeddedVisible.has(id), numbers)));
}

// The account named in the path, or 404 answered.
// The ghost too (GET /users/ghost answers it): its feeds are empty.
async function userNamed(req: Request, res: Response, deps: ActivityDeps) {
  const user = await deps.repositories.shownAccountByLogin(String(req.params.username));
  if (!user) sendNotFound(res);
  return user;
}

function signedInAs(res: Response, userId: number): boolean {
  const caller = accessCallerOf(res);
  return caller !== null && caller.userId === userId;
}

export function repositoryFeedRoutes(router: Router, deps: ActivityDeps): void {
  router.get('/repos/:owner/:repo/events', async (req, res) => {
    await sendFeed(req, res, deps, async () => ({ key: repositoryFeed(repositoryScopeOf(res).repository.id), audience: 'caller' }));
  });
}

// Under /networks/{owner}/{repo}, whose scope (repositoryScope) resolves the repository first.
export function networkFeedRoutes(router: Router, deps: ActivityDeps): void {
  router.get('/networks/:owner/:repo/events', async (req, res) => {
    const { repository } = repositoryScopeOf(res);
    await sendFeed(req, res, deps, async () => ({ key: networkFeed(repository.source_id ?? repository.id), audience: 'public' }));
  });
}

export function accountFeedRoutes(router: GetRoutes, deps: ActivityDeps): void {
  router.get('/events', async (req, res) => {
    if (!(await deps.readiness.ready())) {
      res
        .status(503)
        .json({ code: 'unavailable', message: 'Service Unavailable', documentation_url: 'https://docs.github.com/rest/activity/events#list-public-events' });
      return;
    }
    await sendFeed(req, res, deps, async () => ({ key: PUBLIC_FEED, audience: 'public', delayMs: PUBLIC_TIMELINE_DELAY_MS, repositoriesChecked: false }));
  });

  router.get('/orgs/:org/events', (req, res) =>
    sendFeed(req, res, deps, async () => {
      const org = await deps.repositories.accountByLogin(String(req.params.org));
      if (org && org.type === 'Organization') return { key: organizationFeed(org.id), audience: 'public' };
      sendNotFound(res);
      return null;
    }),
  );

  // Private events only for the user themself, and only of repositories they may read now.
  router.get('/users/:username/events', (req, res) =>
    sendFeed(req, res, deps, async () => {
      const user = await userNamed(req, res, deps);
      return user && { key: actorFeed(user.id), audience: signedInAs(res, user.id) ? 'caller' : 'public' };
    }),
  );

  router.get('/users/:username/events/public', (req, res) =>
    sendFeed(req, res, deps, async () => {
      const user = await userNamed(req, res, deps);
      return user && { key: actorFeed(user.id), audience: 'public' };
    }),
  );

  // The user's organization dashboard: for that user alone, a member of the organization.
  router.get('/users/:username/events/orgs/:org', async (req, res) => {
    const caller = accessCallerOf(res);
    if (caller === null) return sendGithubError(res, 401, 'Requires authentication');
    const user = await deps.repositories.accountByLogin(String(req.params.username));
    const org = await deps.repositories.accountByLogin(String(req.params.org));
    if (!user || !org || org.type !== 'Organization' || user.id !== caller.userId) return sendNotFound(res);
    if (!(await deps.organizations.membership(org.id, user.id))) return sendNotFound(res);
    await sendFeed(req, res, deps, async () => ({ key: organizationFeed(org.id), audience: 'caller' }));
  });

  router.get('/users/:username/received_events', (req, res) =>
    sendFeed(req, res, deps, async () => {
      const user = await userNamed(req, res, deps);
      return user && { key: receivedFeed(user.id), audience: signedInAs(res, user.id) ? 'caller' : 'public' };
    }),
  );

  router.get('/users/:username/received_events/public', (req, res) =>
    sendFeed(req, res, deps, async () => {
      const user = await userNamed(req, res, deps);
      return user && { key: receivedFeed(user.id), audience: 'public' };
    }),
  );
}
