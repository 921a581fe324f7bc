import { loginKey } from '../../domain/accounts/login.js';
import type { TwoFactorDisabled, UserDeleted } from '../../domain/accounts/user.events.js';
import type {
  OrganizationCreated,
  OrganizationMemberAdded,
  OrganizationMemberRemoved,
  OrganizationMemberRoleChanged,
  OrganizationMembershipConcealed,
  OrganizationMembershipPublicized,
  OrganizationUpdated,
} from '../../domain/accounts/organization.events.js';
import {
  ORG_MEMBERSHIPS_COLLECTION,
  ORG_USERS_TWO_FACTOR_COLLECTION,
  ORGANIZATIONS_COLLECTION,
  type OrgUserTwoFactorDocument,
  type OrganizationDocument,
  type OrgMembershipDocument,
} from '../../application/accounts/organizations.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';

// Whole-document replaces and $set of absolute values, keyed by ids: applying an event
// twice leaves the same documents.
export const organizationsProjection: Projection = {
  name: 'organizations',
  // 2: memberships carry whether the member publicized them; 3: and whether the member has
  // two-factor authentication on
  version: 3,
  collections: [
    {
      name: ORGANIZATIONS_COLLECTION,
      indexes: [
        { name: 'login_key', keys: { login_key: 1 }, unique: true },
        { name: 'id', keys: { id: 1 }, unique: true },
        // GET /organizations?since=: the walk starts after `since` and stops at the page.
        { name: 'id_login', keys: { id: 1, login_key: 1, _id: 1 } },
      ],
    },
    {
      name: ORG_MEMBERSHIPS_COLLECTION,
      indexes: [
        { name: 'org_id', keys: { org_id: 1 } },
        { name: 'user_id', keys: { user_id: 1 } },
        // GET /orgs/{org}/members (all, or by role) and the member count: page and count from
        // the index, whatever the organization's size.
        { name: 'org_user_role', keys: { org_id: 1, user_id: 1, role: 1 } },
        { name: 'org_role_user_state', keys: { org_id: 1, role: 1, user_id: 1, state: 1 } },
        // GET /user/orgs, /users/{u}/orgs: a user's organizations by id, page and count from the index.
        { name: 'user_org_role', keys: { user_id: 1, org_id: 1, role: 1 } },
        // What those outside the organization see: its public members (all, or by role), and a
        // user's public memberships (GET /users/{u}/orgs), page and count from the index.
        { name: 'org_public_user_role', keys: { org_id: 1, public: 1, user_id: 1, role: 1 } },
        // (An ordered index counts the prefixes of all but its last two fields: the trailing
        // field makes the pinned ones countable.)
        { name: 'org_public_role_user', keys: { org_id: 1, public: 1, role: 1, user_id: 1, state: 1 } },
        { name: 'user_public_org', keys: { user_id: 1, public: 1, org_id: 1, role: 1 } },
        // GET /orgs/{org}/members?filter=2fa_disabled (all, or by role), page and count.
        { name: 'org_2fa_user_role', keys: { org_id: 1, two_factor: 1, user_id: 1, role: 1 } },
        { name: 'org_2fa_role_user', keys: { org_id: 1, two_factor: 1, role: 1, user_id: 1, state: 1 } },
      ],
    },
    { name: ORG_USERS_TWO_FACTOR_COLLECTION },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([
    'OrganizationCreated',
    'OrganizationUpdated',
    'OrganizationMemberAdded',
    'OrganizationMemberRoleChanged',
    'OrganizationMemberRemoved',
    'OrganizationMembershipPublicized',
    'OrganizationMembershipConcealed',
    'TwoFactorEnabled',
    'TwoFactorDisabled',
    'UserDeleted',
  ]),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    switch (event.type) {
      case 'OrganizationCreated':
        return organizationCreated(event.data as OrganizationCreated['data'], target);
      case 'OrganizationUpdated':
        return organizationUpdated(event.data as OrganizationUpdated['data'], target);
      case 'OrganizationMemberAdded': {
        const { orgId, userId, role, addedAt } = event.data as OrganizationMemberAdded['data'];
        return addMembership(target, orgId, userId, role, addedAt);
      }
      case 'OrganizationMemberRoleChanged': {
        const { orgId, userId, role, changedAt } = event.data as OrganizationMemberRoleChanged['data'];
        return setMembershipFields(target, orgId, userId, { role, updated_at: changedAt });
      }
      case 'OrganizationMembershipPublicized': {
        const { orgId, userId, publicizedAt } = event.data as OrganizationMembershipPublicized['data'];
        return setMembershipFields(target, orgId, userId, { public: true, updated_at: publicizedAt });
      }
      case 'OrganizationMembershipConcealed': {
        const { orgId, userId, concealedAt } = event.data as OrganizationMembershipConcealed['data'];
        return setMembershipFields(target, orgId, userId, { public: false, updated_at: concealedAt });
      }
      case 'OrganizationMemberRemoved': {
        const { orgId, userId } = event.data as OrganizationMemberRemoved['data'];
        await target.collection(ORG_MEMBERSHIPS_COLLECTION).deleteOne({ _id: `${orgId}:${userId}` });
        return;
      }
      case 'TwoFactorEnabled':
      case 'TwoFactorDisabled':
        return twoFactorChanged((event.data as TwoFactorDisabled['data']).userId, event.type === 'TwoFactorEnabled', target);
      // A deleted user belongs to no organization any more (the user's own stream says so).
      case 'UserDeleted': {
        const { userId } = event.data as UserDeleted['data'];
        await target.collection(ORG_MEMBERSHIPS_COLLECTION).deleteMany({ user_id: userId });
        await target.collection(ORG_USERS_TWO_FACTOR_COLLECTION).deleteMany({ _id: String(userId) });
        return;
      }
    }
  },
};

async function organizationCreated(data: OrganizationCreated['data'], target: ProjectionTarget): Promise<void> {
  const _id = String(data.orgId);
  const organization: OrganizationDocument = {
    _id,
    id: data.orgId,
    login: data.login,
    login_key: loginKey(data.login),
    ...data.profile,
    created_at: data.createdAt,
    updated_at: data.createdAt,
  };
  await target.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).replaceOne({ _id }, organization, { upsert: true });
}

async function organizationUpdated(data: OrganizationUpdated['data'], target: ProjectionTarget): Promise<void> {
  await target
    .collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION)
    .updateOne({ _id: String(data.orgId) }, { $set: { ...data.changes, updated_at: data.updatedAt } });
}

// A membership starts concealed (a member who left and comes back too, as on GitHub), with
// the member's two-factor state as their stream last gave it.
async function addMembership(target: ProjectionTarget, orgId: number, userId: number, role: 'admin' | 'member', at: string): Promise<void> {
  const _id = `${orgId}:${userId}`;
  const twoFactor = await target.collection<OrgUserTwoFactorDocument>(ORG_USERS_TWO_FACTOR_COLLECTION).findOne({ _id: String(userId) });
  const membership: OrgMembershipDocument = {
    _id,
    org_id: orgId,
    user_id: userId,
    role,
    state: 'active',
    public: false,
    two_factor: twoFactor?.enabled ?? false,
    updated_at: at,
  };
  await target.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).replaceOne({ _id }, membership, { upsert: true });
}

// The user's state for memberships to come, and on every one they hold (a user's few).
async function twoFactorChanged(userId: number, enabled: boolean, target: ProjectionTarget): Promise<void> {
  await target
    .collection<OrgUserTwoFactorDocument>(ORG_USERS_TWO_FACTOR_COLLECTION)
    .replaceOne({ _id: String(userId) }, { _id: String(userId), enabled }, { upsert: true });
  await target.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).updateMany({ user_id: userId }, { $set: { two_factor: enabled } });
}

// Absolute values on the membership as it is: applying the event twice sets them twice.
async function setMembershipFields(target: ProjectionTarget, orgId: number, userId: number, fields: Partial<OrgMembershipDocument>): Promise<void> {
  await target.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).updateOne({ _id: `${orgId}:${userId}` }, { $set: fields });
}
