import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { MembershipReach, OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import type { OrganizationDocument } from '../../../application/accounts/organizations.readModel.js';
import type { SetMembershipPublicityHandler } from '../../../application/accounts/setMembershipPublicity.handler.js';
import type { OrgMembershipQuery } from '../../../application/accounts/orgMembership.query.js';
import type { RemoveOrganizationMembershipHandler } from '../../../application/accounts/removeOrganizationMembership.handler.js';
import type { SetOrganizationMembershipHandler } from '../../../application/accounts/setOrganizationMembership.handler.js';
import type { UserQueries } from '../../../application/accounts/user.queries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser, type AuthenticatedCaller } from '../shared/authentication.js';
import { readsAsAnonymous } from '../shared/caller.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { sendGithubError } from '../shared/githubError.js';
import { MembersListQuery, OwnMembershipBody, OwnMembershipsQuery, SetMembershipBody } from './organizations.codecs.js';
import { orgMembership } from './organizations.encoders.js';
import { actorOf } from './organizations.routes.js';
import { simpleUser } from './users.encoders.js';

export interface OrgMembersRoutesDeps {
  readonly setMembership: SetOrganizationMembershipHandler;
  readonly removeMembership: RemoveOrganizationMembershipHandler;
  readonly setPublicity: SetMembershipPublicityHandler;
  readonly membershipQuery: OrgMembershipQuery;
  readonly organizations: OrganizationQueries;
  readonly users: UserQueries;
  readonly clock: Clock;
}

// Adds the routes to the area's router: one router per area keeps route lookup flat.
export function orgMembersRoutes(router: Router, deps: OrgMembersRoutesDeps): void {
  const { setMembership, removeMembership, setPublicity, membershipQuery, organizations, users, clock } = deps;

  // A token without read:org reads as an outsider (oauthScopeTable.ts).
  const reachOf = (res: Response, organization: OrganizationDocument): Promise<MembershipReach> =>
    organizations.reachOf(organization.id, readsAsAnonymous(res) ? null : actorOf(res));

  const sendMembers = async (req: Request, res: Response, reach: (organization: OrganizationDocument) => Promise<MembershipReach>) => {
    const query = decodeInput(MembersListQuery, req.query, 'Organization');
    if (isLeft(query)) return sendValidationFailed(res, query.left);
    const organization = await organizations.organizationByLogin(String(req.params.org));
    if (!organization) return sendNotFound(res);
    const twoFactor = query.right.filter ?? 'all';
    if (twoFactor === '2fa_disabled' && !(await organizations.mayFilterByTwoFactor(organization.id, readsAsAnonymous(res) ? null : actorOf(res)))) {
      return sendGithubError(res, 422, 'Only owners can use this filter.');
    }
    const { page, perPage } = parsePagination(req.query);
    const { items, totalCount } = await organizations.members(organization.id, query.right.role ?? 'all', await reach(organization), page, perPage, twoFactor);
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(items.map((user) => simpleUser(user, urlsOf(res))));
  };

  const setPublic = (isPublic: boolean) => async (req: Request, res: Response) => {
    const input = { org: String(req.params.org), username: String(req.params.username), actor: actorOf(res), public: isPublic };
    const set = await setPublicity.execute(input, commandContext(req, res, clock.now()));
    if (isLeft(set)) return sendAppError(res, set.left);
    res.status(204).end();
  };

  router.put('/orgs/:org/memberships/:username', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(SetMembershipBody, bodyOrEmpty(req.body), 'Membership');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const input = { org: String(req.params.org), username: String(req.params.username), actor: actorOf(res) };
    const set = await setMembership.execute({ ...input, role: body.right.role ?? 'member' }, commandContext(req, res, clock.now()));
    if (isLeft(set)) return sendAppError(res, set.left);
    const { organization, user } = set.right;
    const membership = await organizations.membership(organization.id, user.id);
    if (!membership) return sendNotFound(res);
    res.json(orgMembership(membership, organization, user, urlsOf(res)));
  });

  router.delete('/orgs/:org/memberships/:username', requireUser, async (req: Request, res: Response) => {
    const input = { org: String(req.params.org), username: String(req.params.username), actor: actorOf(res) };
    const removed = await removeMembership.execute(input, commandContext(req, res, clock.now()));
    if (isLeft(removed)) return sendAppError(res, removed.left);
    res.status(204).end();
  });

  router.get('/orgs/:org/memberships/:username', requireUser, async (req: Request, res: Response) => {
    const found = await membershipQuery.membershipAsSeenBy(String(req.params.org), String(req.params.username), actorOf(res));
    if (isLeft(found)) return sendAppError(res, found.left);
    const { membership, organization, user } = found.right;
    res.json(orgMembership(membership, organization, user, urlsOf(res)));
  });

  // The caller's own memberships. forgelog adds members directly (no invitations): every one is
  // active, none pending, and accepting one (PATCH state=active) changes nothing.
  router.get('/user/memberships/orgs', requireUser, async (req: Request, res: Response) => {
    const query = decodeInput(OwnMembershipsQuery, req.query, 'Membership');
    if (isLeft(query)) return sendValidationFailed(res, query.left);
    const { page, perPage } = parsePagination(req.query);
    const user = await users.userById((res.locals.caller as AuthenticatedCaller).userId);
    if (!user) return sendNotFound(res);
    const { items, totalCount } = query.right.state === 'pending' ? { items: [], totalCount: 0 } : await organizations.membershipsOf(user.id, page, perPage);
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(items.map(({ membership, organization }) => orgMembership(membership, organization, user, urlsOf(res))));
  });

  const sendOwnMembership = async (res: Response, org: string) => {
    const [organization, user] = await Promise.all([organizations.organizationByLogin(org), users.userById((res.locals.caller as AuthenticatedCaller).userId)]);
    const membership = organization && user ? await organizations.membership(organization.id, user.id) : null;
    if (!organization || !user || !membership) return sendNotFound(res);
    res.json(orgMembership(membership, organization, user, urlsOf(res)));
  };

  router.get('/user/memberships/orgs/:org', requireUser, (req: Request, res: Response) => sendOwnMembership(res, String(req.params.org)));

  router.patch('/user/memberships/orgs/:org', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(OwnMembershipBody, bodyOrEmpty(req.body), 'Membership');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    await sendOwnMembership(res, String(req.params.org));
  });

  router.get('/orgs/:org/members', (req: Request, res: Response) => sendMembers(req, res, (organization) => reachOf(res, organization)));

  // A member (or a site administrator) is told whether the user is a member, publicly or not;
  // anyone else is sent to the public check (GitHub's 302 "if requester is not an organization
  // member"), which answers 204 only for a publicized membership.
  router.get('/orgs/:org/members/:username', async (req: Request, res: Response) => {
    const [organization, user] = await Promise.all([organizations.organizationByLogin(String(req.params.org)), users.userByLogin(String(req.params.username))]);
    if (!organization) return sendNotFound(res);
    if ((await reachOf(res, organization)) === 'public') {
      const location = urlsOf(res).api(`/orgs/${encodeURIComponent(organization.login)}/public_members/${encodeURIComponent(String(req.params.username))}`);
      return res.status(302).location(location).end();
    }
    const membership = user ? await organizations.membership(organization.id, user.id) : null;
    if (!membership) return sendNotFound(res);
    res.status(204).end();
  });

  router.get('/orgs/:org/public_members', (req: Request, res: Response) => sendMembers(req, res, async () => 'public'));

  router.get('/orgs/:org/public_members/:username', async (req: Request, res: Response) => {
    const [organization, user] = await Promise.all([organizations.organizationByLogin(String(req.params.org)), users.userByLogin(String(req.params.username))]);
    if (!organization || !user || !(await organizations.isPublicMember(organization.id, user.id))) return sendNotFound(res);
    res.status(204).end();
  });

  router.put('/orgs/:org/public_members/:username', requireUser, setPublic(true));
  router.delete('/orgs/:org/public_members/:username', requireUser, setPublic(false));
}
