import { inject, injectable } from 'inversify';
import { loginKey } from '../../domain/accounts/login.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { ORG_MEMBERSHIPS_COLLECTION, ORGANIZATIONS_COLLECTION, type OrganizationDocument, type OrgMembershipDocument } from './organizations.readModel.js';
import { USERS_COLLECTION, type UserDocument } from './users.readModel.js';

export type MemberRoleFilter = 'all' | 'admin' | 'member';
export type MemberTwoFactorFilter = 'all' | '2fa_disabled';

// Which memberships a reader sees: every one (members of the organization, site
// administrators), or the publicized ones only (anyone else).
export type MembershipReach = 'all' | 'public';

export interface OrganizationsSince {
  readonly organizations: readonly OrganizationDocument[];
  readonly hasMore: boolean;
}

export interface Paged<T> {
  readonly items: readonly T[];
  readonly totalCount: number;
}

export const membershipId = (orgId: number, userId: number): string => `${orgId}:${userId}`;

@injectable()
export class OrganizationQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  private get organizations() {
    return this.store.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION);
  }

  private get memberships() {
    return this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION);
  }

  organizationByLogin(login: string): Promise<OrganizationDocument | null> {
    return this.organizations.findOne({ login_key: loginKey(login) });
  }

  organizationById(id: number): Promise<OrganizationDocument | null> {
    return this.organizations.findOne({ id });
  }

  // GET /organizations pages by id with `since`, as GET /users does.
  async organizationsSince(since: number, perPage: number): Promise<OrganizationsSince> {
    const organizations = await this.organizations.find({ id: { $gt: since } }, { sort: { id: 1 }, limit: perPage + 1 });
    return { organizations: organizations.slice(0, perPage), hasMore: organizations.length > perPage };
  }

  membership(orgId: number, userId: number): Promise<OrgMembershipDocument | null> {
    return this.memberships.findOne({ _id: membershipId(orgId, userId) });
  }

  // The first `limit` members' user ids (all, or by role) in id order, from the index.
  async memberIdsUpTo(orgId: number, role: MemberRoleFilter, limit: number): Promise<number[]> {
    const filter = role === 'all' ? { org_id: orgId } : { org_id: orgId, role };
    return (await this.memberships.find(filter, { sort: { user_id: 1 }, limit })).map((membership) => membership.user_id);
  }

  memberCountWith(orgId: number, role: MemberRoleFilter): Promise<number> {
    return this.memberships.count(role === 'all' ? { org_id: orgId } : { org_id: orgId, role });
  }

  memberCount(orgId: number): Promise<number> {
    return this.memberships.count({ org_id: orgId });
  }

  // Which memberships a reader sees (null: anonymous, or a token without read:org): every one
  // for the organization's members and site administrators, the publicized ones for anyone
  // else (GitHub: "If the authenticated user is also a member of this organization then both
  // concealed and public members will be returned").
  async reachOf(orgId: number, reader: { readonly userId: number | null; readonly siteAdmin: boolean } | null): Promise<MembershipReach> {
    if (reader === null) return 'public';
    if (reader.siteAdmin) return 'all';
    return reader.userId !== null && (await this.membership(orgId, reader.userId)) !== null ? 'all' : 'public';
  }

  // GitHub's filter=2fa_disabled is the organization's owners' (and site administrators').
  async mayFilterByTwoFactor(orgId: number, reader: { readonly userId: number | null; readonly siteAdmin: boolean } | null): Promise<boolean> {
    if (reader === null) return false;
    if (reader.siteAdmin) return true;
    return reader.userId !== null && (await this.membership(orgId, reader.userId))?.role === 'admin';
  }

  // Whether the user's membership is shown to those outside the organization.
  async isPublicMember(orgId: number, userId: number): Promise<boolean> {
    return (await this.membership(orgId, userId))?.public === true;
  }

  // Members in id order, one page at a time, as the users they are.
  // `twoFactor`: GitHub's filter=2fa_disabled (for the organization's owners), the members
  // without two-factor authentication.
  async members(
    orgId: number,
    role: MemberRoleFilter,
    reach: MembershipReach,
    page: number,
    perPage: number,
    twoFactor: MemberTwoFactorFilter = 'all',
  ): Promise<Paged<UserDocument>> {
    const filter = {
      org_id: orgId,
      ...(reach === 'public' ? { public: true } : {}),
      ...(twoFactor === '2fa_disabled' ? { two_factor: false } : {}),
      ...(role === 'all' ? {} : { role }),
    };
    const [memberships, totalCount] = await Promise.all([
      this.memberships.find(filter, { sort: { user_id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      this.memberships.count(filter),
    ]);
    const ids = memberships.map((membership) => membership.user_id);
    const users = await this.store.collection<UserDocument>(USERS_COLLECTION).find({ id: { $in: ids } }, { sort: { id: 1 } });
    return { items: users, totalCount };
  }

  // A user's own memberships with their organizations (GET /user/memberships/orgs), in
  // organization id order, page and count from the index.
  async membershipsOf(
    userId: number,
    page: number,
    perPage: number,
  ): Promise<Paged<{ membership: OrgMembershipDocument; organization: OrganizationDocument }>> {
    const [memberships, totalCount] = await Promise.all([
      this.memberships.find({ user_id: userId }, { sort: { org_id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      this.memberships.count({ user_id: userId }),
    ]);
    const organizations = new Map((await this.organizations.find({ id: { $in: memberships.map((m) => m.org_id) } })).map((org) => [org.id, org]));
    const items = memberships.flatMap((membership) => {
      const organization = organizations.get(membership.org_id);
      return organization ? [{ membership, organization }] : [];
    });
    return { items, totalCount };
  }

  // The organizations a user belongs to (all, or those they publicized), in id order.
  async organizationsOf(userId: number, reach: MembershipReach, page: number, perPage: number): Promise<Paged<OrganizationDocument>> {
    const filter = reach === 'public' ? { user_id: userId, public: true } : { user_id: userId };
    const [memberships, totalCount] = await Promise.all([
      this.memberships.find(filter, { sort: { org_id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      this.memberships.count(filter),
    ]);
    const ids = memberships.map((membership) => membership.org_id);
    return { items: await this.organizations.find({ id: { $in: ids } }, { sort: { id: 1 } }), totalCount };
  }
}
