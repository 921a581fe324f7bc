import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { CreateOrganizationHandler } from '../../../application/accounts/createOrganization.handler.js';
import type { MembershipReach, OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import type { OrganizationDocument } from '../../../application/accounts/organizations.readModel.js';
import type { UpdateOrganizationHandler } from '../../../application/accounts/updateOrganization.handler.js';
import type { UserQueries } from '../../../application/accounts/user.queries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { OrganizationActor } from '../../../domain/accounts/organization.decider.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireSiteAdmin, requireUser, type AuthenticatedCaller } from '../shared/authentication.js';
import { callerOf } from '../shared/caller.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader, setNextLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { CreateOrganizationBody, UpdateOrganizationBody } from './organizations.codecs.js';
import { organizationFull, organizationSimple, type OrganizationView } from './organizations.encoders.js';

export interface OrganizationsRoutesDeps {
  readonly createOrganization: CreateOrganizationHandler;
  readonly updateOrganization: UpdateOrganizationHandler;
  readonly organizations: OrganizationQueries;
  readonly users: UserQueries;
  readonly clock: Clock;
}

export function actorOf(res: Response): OrganizationActor {
  const caller = callerOf(res);
  return caller.kind === 'user' ? { userId: caller.userId, siteAdmin: caller.siteAdmin } : { userId: null, siteAdmin: false };
}

// Adds the routes to the area's router: one router per area keeps route lookup flat.
export function organizationsRoutes(router: Router, deps: OrganizationsRoutesDeps): void {
  const { createOrganization, updateOrganization, organizations, clock } = deps;

  router.post('/admin/organizations', requireSiteAdmin, async (req: Request, res: Response) => {
    const body = decodeInput(CreateOrganizationBody, bodyOrEmpty(req.body), 'Organization');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { login, admin, profile_name } = body.right;
    const created = await createOrganization.execute({ login, admin, name: profile_name ?? null }, commandContext(req, res, clock.now()));
    if (isLeft(created)) return sendAppError(res, created.left);
    const organization = await organizations.organizationById(created.right.orgId);
    if (!organization) return sendNotFound(res);
    const urls = urlsOf(res);
    res
      .status(201)
      .location(urls.api(`/orgs/${organization.login}`))
      .json(organizationSimple(organization, urls));
  });

  router.get('/organizations', async (req: Request, res: Response) => {
    const { perPage } = parsePagination(req.query);
    const since = Math.max(0, Number.parseInt(String(req.query.since ?? '0'), 10) || 0);
    const page = await organizations.organizationsSince(since, perPage);
    const last = page.organizations[page.organizations.length - 1];
    if (page.hasMore && last) setNextLinkHeader(req, res, { since: String(last.id), per_page: String(perPage) });
    res.json(page.organizations.map((organization) => organizationSimple(organization, urlsOf(res))));
  });

  router.get('/orgs/:org', async (req: Request, res: Response) => {
    const organization = await organizations.organizationByLogin(String(req.params.org));
    if (!organization) return sendNotFound(res);
    res.json(await organizationFullFor(res, organization, deps));
  });

  router.patch('/orgs/:org', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(UpdateOrganizationBody, bodyOrEmpty(req.body), 'Organization');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const updated = await updateOrganization.execute(
      { org: String(req.params.org), actor: actorOf(res), changes: body.right },
      commandContext(req, res, clock.now()),
    );
    if (isLeft(updated)) return sendAppError(res, updated.left);
    const organization = await organizations.organizationById(updated.right.orgId);
    if (!organization) return sendNotFound(res);
    res.json(await organizationFullFor(res, organization, deps));
  });

  router.get('/user/orgs', requireUser, async (req: Request, res: Response) => {
    await sendOrganizationsOf(req, res, (res.locals.caller as AuthenticatedCaller).userId, 'all', organizations);
  });

  // The memberships the user publicized only, whoever asks (GitHub: "This method only lists
  // public memberships, regardless of authentication"; GET /user/orgs lists them all).
  router.get('/users/:username/orgs', async (req: Request, res: Response) => {
    const user = await deps.users.shownByLogin(String(req.params.username));
    if (!user) return sendNotFound(res);
    await sendOrganizationsOf(req, res, user.id, 'public', organizations);
  });
}

async function sendOrganizationsOf(req: Request, res: Response, userId: number, reach: MembershipReach, organizations: OrganizationQueries): Promise<void> {
  const { page, perPage } = parsePagination(req.query);
  const { items, totalCount } = await organizations.organizationsOf(userId, reach, page, perPage);
  setLinkHeader(req, res, { page, perPage, totalCount });
  res.json(items.map((organization) => organizationSimple(organization, urlsOf(res))));
}

async function viewFor(res: Response, organization: OrganizationDocument, organizations: OrganizationQueries): Promise<OrganizationView> {
  const caller = callerOf(res);
  if (caller.kind !== 'user') return 'public';
  if (caller.siteAdmin) return 'owner';
  const membership = await organizations.membership(organization.id, caller.userId);
  if (!membership) return 'public';
  return membership.role === 'admin' ? 'owner' : 'member';
}

async function organizationFullFor(res: Response, organization: OrganizationDocument, deps: OrganizationsRoutesDeps) {
  const [view, account, memberCount] = await Promise.all([
    viewFor(res, organization, deps.organizations),
    deps.users.userById(organization.id),
    deps.organizations.memberCount(organization.id),
  ]);
  return organizationFull(organization, urlsOf(res), view, account, memberCount);
}
