import type { Request, RequestHandler, Response, Router } from 'express';
import type { FeedRequest } from '../../../application/activity/activityFeeds.query.js';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { FeedTokens } from '../../../application/shared/ports/feedTokens.port.js';
import { actorFeed, organizationFeed, PUBLIC_FEED, receivedFeed } from '../../../domain/activity/feedKeys.js';
import { urlsOf } from '../shared/apiUrls.js';
import { callerOf } from '../shared/caller.js';
import { sendNotModifiedIfFresh } from '../shared/jsonResponse.js';
import { sendNotFound } from '../shared/respond.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import type { ActivityDeps } from './activity.deps.js';
import { activityEventJson } from './activity.encoders.js';
import { PUBLIC_TIMELINE_DELAY_MS } from './activity.routes.js';
import { ATOM_MEDIA_TYPE, atomFeed, type AtomFeedMeta } from './atomFeed.js';

// What an Atom feed shows: its first page of events (as GitHub's feeds, the newest 30).
const ENTRIES = 30;
// The organizations GET /feeds names a feed of (a user in more is rare; the first 100 by id).
const ORGANIZATION_FEEDS = 100;

export interface AtomFeedDeps extends ActivityDeps {
  readonly feedTokens: FeedTokens;
}

type FeedChoice = Omit<FeedRequest, 'page' | 'perPage'>;

// Conditional GETs as the JSON feeds answer them, with a validator of this representation.
async function sendAtom(req: Request, res: Response, deps: AtomFeedDeps, choice: FeedChoice, meta: AtomFeedMeta): Promise<void> {
  const { page, records } = await deps.feeds.page({ ...choice, page: 1, perPage: ENTRIES });
  // A web page, not the API: the API's media type (github.v3; format=json) is not said of it.
  res.removeHeader('x-github-media-type');
  res.setHeader('etag', page.etag.replace('W/"', 'W/"atom-'));
  if (page.lastModifiedHttp !== null) res.setHeader('last-modified', page.lastModifiedHttp);
  if (sendNotModifiedIfFresh(res)) return;
  const numbers = await deps.numbers.of(records);
  const urls = urlsOf(res);
  const events = records.map((record) => activityEventJson(record, urls, (id) => page.embeddedVisible.has(id), numbers));
  res
    .status(200)
    .type(`${ATOM_MEDIA_TYPE}; charset=utf-8`)
    .send(atomFeed(meta, events, urls));
}

// A private feed's owner, when the URL's token is theirs: the feed reads as they would.
async function tokenOwner(req: Request, login: string, deps: AtomFeedDeps): Promise<UserDocument | null> {
  const user = await deps.repositories.accountByLogin(login);
  if (!user || user.type !== 'User' || user.suspended_at) return null;
  const token = typeof req.query.token === 'string' ? req.query.token : '';
  return (await deps.feedTokens.verifies(user.id, token)) ? user : null;
}

// The Atom feeds' paths at the web root (atomFeedRoutes serves them).
const ATOM_PATH = /^\/(?:organizations\/[^/]+\/)?[^/]+\.atom\/?$/;

// Feed readers poll the web's feeds, which GitHub's REST rate limits do not count: before the
// limiter, as git over HTTP is.
export const atomFeedsExemptFromRateLimits: RequestHandler = (req, res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && ATOM_PATH.test(req.path)) res.locals.rateLimitResource = 'web';
  next();
};

// GitHub's feeds: GET /feeds names them; they are served at the web root as Atom, public ones
// to anyone, private ones (the user's dashboard, their own activity, an organization's) to
// whoever holds the URL with its token.
export function atomFeedRoutes(router: Router, deps: AtomFeedDeps): void {
  router.get('/feeds', async (req, res) => {
    const urls = urlsOf(res);
    const link = (href: string) => ({ href, type: ATOM_MEDIA_TYPE });
    const body: Record<string, unknown> = { timeline_url: urls.html('/timeline.atom'), user_url: urls.html('/{user}.atom') };
    const links: Record<string, unknown> = { timeline: link(urls.html('/timeline.atom')), user: link(urls.html('/{user}.atom')) };
    const caller = callerOf(res);
    const signedIn = accessCallerOf(res) !== null && caller.kind === 'user' ? await deps.repositories.accountByLogin(caller.login) : null;
    if (signedIn) {
      body.current_user_public_url = urls.html(`/${signedIn.login}.atom`);
      links.current_user_public = link(urls.html(`/${signedIn.login}.atom`));
    }
    // GitHub: "Private feeds are only returned when authenticating via Basic Auth", a token's
    // scopes being no part of what the feed token grants.
    if (signedIn && caller.kind === 'user' && caller.via === 'password') {
      const token = await deps.feedTokens.tokenFor(signedIn.id);
      const login = encodeURIComponent(signedIn.login);
      const organizations = (await deps.organizations.organizationsOf(signedIn.id, 'all', 1, ORGANIZATION_FEEDS)).items;
      const organizationUrls = organizations.map((org) => urls.html(`/organizations/${encodeURIComponent(org.login)}/${login}.private.atom?token=${token}`));
      Object.assign(body, {
        current_user_url: urls.html(`/${login}.private.atom?token=${token}`),
        current_user_actor_url: urls.html(`/${login}.private.actor.atom?token=${token}`),
        current_user_organization_url: urls.html(`/organizations/{org}/${login}.private.atom?token=${token}`),
        current_user_organization_urls: organizationUrls,
      });
      Object.assign(links, {
        current_user: link(body.current_user_url as string),
        current_user_actor: link(body.current_user_actor_url as string),
        current_user_organization: link(body.current_user_organization_url as string),
        current_user_organizations: organizationUrls.map(link),
      });
    }
    res.json({ ...body, _links: links });
  });

  // As GET /events: while the activity projection has no checkpoint of its version (a start
  // replaying, an upgrade), unavailable rather than an empty timeline a reader would keep.
  router.get('/timeline.atom', async (req, res) => {
    if (!(await deps.readiness.ready())) return void res.status(503).type('text/plain').send('Service Unavailable\n');
    const urls = urlsOf(res);
    const meta = { tag: '/timeline', title: 'Public timeline', alternate: urls.html('/'), self: urls.html('/timeline.atom') };
    await sendAtom(req, res, deps, { key: PUBLIC_FEED, audience: 'public', caller: null, delayMs: PUBLIC_TIMELINE_DELAY_MS, repositoriesChecked: false }, meta);
  });

  router.get('/organizations/:org/:file', async (req, res, next) => {
    const match = /^(.+)\.private\.atom$/.exec(String(req.params.file));
    if (!match) return next();
    const [org, user] = await Promise.all([deps.repositories.accountByLogin(String(req.params.org)), tokenOwner(req, match[1]!, deps)]);
    if (!org || org.type !== 'Organization' || !user || !(await deps.organizations.membership(org.id, user.id))) return sendNotFound(res);
    const urls = urlsOf(res);
    const meta = {
      tag: `/organizations/${org.login}/${user.login}`,
      title: `${org.login} activity for ${user.login}`,
      alternate: urls.html(`/${org.login}`),
      self: urls.html(`/organizations/${org.login}/${user.login}.private.atom`),
    };
    await sendAtom(req, res, deps, { key: organizationFeed(org.id), audience: 'caller', caller: { userId: user.id, siteAdmin: user.site_admin } }, meta);
  });

  router.get('/:file', async (req, res, next) => {
    const file = String(req.params.file);
    const match = /^(.+?)(\.private|\.private\.actor)?\.atom$/.exec(file);
    if (!match) return next();
    const [, login, kind] = match as unknown as [string, string, string | undefined];
    const urls = urlsOf(res);
    if (kind === undefined) {
      const user = await deps.repositories.shownAccountByLogin(login);
      if (!user) return sendNotFound(res);
      const meta = { tag: `/${user.login}`, title: `${user.login}’s activity`, alternate: urls.html(`/${user.login}`), self: urls.html(`/${user.login}.atom`) };
      return sendAtom(req, res, deps, { key: actorFeed(user.id), audience: 'public', caller: null }, meta);
    }
    const user = await tokenOwner(req, login, deps);
    if (!user) return sendNotFound(res);
    const caller = { userId: user.id, siteAdmin: user.site_admin };
    const actor = kind === '.private.actor';
    const meta = {
      tag: `/${user.login}${kind}`,
      title: actor ? `${user.login}’s activity, private included` : `Private feed for ${user.login}`,
      alternate: urls.html(`/${user.login}`),
      self: urls.html(`/${user.login}${kind}.atom`),
    };
    await sendAtom(req, res, deps, { key: actor ? actorFeed(user.id) : receivedFeed(user.id), audience: 'caller', caller }, meta);
  });
}
