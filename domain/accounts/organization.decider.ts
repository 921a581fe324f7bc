import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { withKey, withoutKey } from '../shared/foldCopies.js';
import type { AccountsError } from './accounts.errors.js';
import { isValidEmail, isValidLogin } from './login.js';
import type { OrganizationEvent, OrganizationProfile, OrganizationRole } from './organization.events.js';

// Who asks: organization owners and site administrators administer an organization.
export interface OrganizationActor {
  readonly userId: number | null;
  readonly siteAdmin: boolean;
}

export interface OrganizationMember {
  readonly userId: number;
  readonly login: string;
}

export interface CreateOrganization {
  readonly type: 'CreateOrganization';
  readonly orgId: number;
  readonly login: string;
  readonly name: string | null;
  readonly firstOwner: OrganizationMember;
  readonly now: Date;
}

export interface UpdateOrganization {
  readonly type: 'UpdateOrganization';
  readonly actor: OrganizationActor;
  readonly changes: Partial<OrganizationProfile>;
  readonly now: Date;
}

export interface SetOrganizationMembership {
  readonly type: 'SetOrganizationMembership';
  readonly actor: OrganizationActor;
  readonly member: OrganizationMember;
  readonly role: OrganizationRole;
  readonly now: Date;
}

export interface RemoveOrganizationMember {
  readonly type: 'RemoveOrganizationMember';
  readonly actor: OrganizationActor;
  readonly member: OrganizationMember;
  readonly now: Date;
}

// PUT (public) and DELETE (concealed) /orgs/{org}/public_members/{username}.
export interface SetMembershipPublicity {
  readonly type: 'SetMembershipPublicity';
  readonly actor: OrganizationActor;
  readonly member: OrganizationMember;
  readonly public: boolean;
  readonly now: Date;
}

export type OrganizationCommand = CreateOrganization | UpdateOrganization | SetOrganizationMembership | RemoveOrganizationMember | SetMembershipPublicity;

export type OrganizationState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active';
      readonly orgId: number;
      readonly login: string;
      readonly profile: OrganizationProfile;
      readonly members: Readonly<Record<number, OrganizationRole>>;
      // The members who publicized their membership; every other membership is concealed.
      readonly publicMembers: Readonly<Record<number, true>>;
    };

type ActiveOrganization = Extract<OrganizationState, { status: 'active' }>;
type Decision = Either<AccountsError, readonly OrganizationEvent[]>;

// A new organization's settings, as on GitHub: projects enabled, members read and create.
export function defaultProfile(name: string | null): OrganizationProfile {
  return {
    name,
    description: null,
    email: null,
    company: null,
    blog: null,
    location: null,
    twitter_username: null,
    has_organization_projects: true,
    has_repository_projects: true,
    default_repository_permission: 'read',
    members_can_create_repositories: true,
  };
}

export const initialState = (): OrganizationState => ({ status: 'absent' });

export function evolve(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  if (event.type === 'OrganizationCreated') {
    return { status: 'active', orgId: event.data.orgId, login: event.data.login, profile: event.data.profile, members: {}, publicMembers: {} };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'OrganizationUpdated':
      return { ...state, profile: { ...state.profile, ...event.data.changes } };
    case 'OrganizationMemberAdded':
    case 'OrganizationMemberRoleChanged':
      return { ...state, members: withKey(state.members, String(event.data.userId), event.data.role) };
    case 'OrganizationMemberRemoved': {
      const userId = String(event.data.userId);
      return { ...state, members: withoutKey(state.members, userId), publicMembers: withoutKey(state.publicMembers, userId) };
    }
    case 'OrganizationMembershipPublicized':
      return { ...state, publicMembers: withKey(state.publicMembers, String(event.data.userId), true) };
    case 'OrganizationMembershipConcealed':
      return { ...state, publicMembers: withoutKey(state.publicMembers, String(event.data.userId)) };
  }
}

export function decide(command: OrganizationCommand, state: OrganizationState): Decision {
  if (command.type === 'CreateOrganization') return createOrganization(command, state);
  if (state.status !== 'active') return left({ _tag: 'OrganizationNotFound', org: '' });
  switch (command.type) {
    case 'UpdateOrganization':
      return updateOrganization(command, state);
    case 'SetOrganizationMembership':
      return setMembership(command, state);
    case 'RemoveOrganizationMember':
      return removeMember(command, state);
    case 'SetMembershipPublicity':
      return setPublicity(command, state);
  }
}

function createOrganization(command: CreateOrganization, state: OrganizationState): Decision {
  if (state.status !== 'absent') return left({ _tag: 'OrganizationAlreadyExists', orgId: command.orgId });
  if (!isValidLogin(command.login)) return left({ _tag: 'InvalidOrganizationLogin', login: command.login });
  const at = command.now.toISOString();
  return right([
    { type: 'OrganizationCreated', data: { orgId: command.orgId, login: command.login, profile: defaultProfile(command.name), createdAt: at } },
    {
      type: 'OrganizationMemberAdded',
      data: { orgId: command.orgId, userId: command.firstOwner.userId, login: command.firstOwner.login, role: 'admin', addedAt: at },
    },
  ]);
}

const isOwner = (state: ActiveOrganization, actor: OrganizationActor): boolean =>
  actor.siteAdmin || (actor.userId !== null && state.members[actor.userId] === 'admin');

const ownerCount = (state: ActiveOrganization): number => Object.values(state.members).filter((role) => role === 'admin').length;

function updateOrganization(command: UpdateOrganization, state: ActiveOrganization): Decision {
  if (!isOwner(state, command.actor)) return left({ _tag: 'NotOrganizationOwner' });
  const { email } = command.changes;
  if (email !== undefined && email !== null && !isValidEmail(email)) return left({ _tag: 'InvalidOrganizationField', field: 'email' });
  const changed = Object.entries(command.changes).filter(([key, value]) => value !== undefined && state.profile[key as keyof OrganizationProfile] !== value);
  if (changed.length === 0) return right([]);
  const changes = Object.fromEntries(changed) as Partial<OrganizationProfile>;
  return right([{ type: 'OrganizationUpdated', data: { orgId: state.orgId, changes, updatedAt: command.now.toISOString() } }]);
}

function setMembership(command: SetOrganizationMembership, state: ActiveOrganization): Decision {
  if (!isOwner(state, command.actor)) return left({ _tag: 'NotOrganizationOwner' });
  const { userId, login } = command.member;
  const current = state.members[userId];
  const at = command.now.toISOString();
  if (current === command.role) return right([]);
  if (current === undefined) {
    return right([{ type: 'OrganizationMemberAdded', data: { orgId: state.orgId, userId, login, role: command.role, addedAt: at } }]);
  }
  if (current === 'admin' && ownerCount(state) === 1) return left({ _tag: 'LastOrganizationOwner' });
  return right([
    { type: 'OrganizationMemberRoleChanged', data: { orgId: state.orgId, userId, login, role: command.role, previousRole: current, changedAt: at } },
  ]);
}

// A member may leave on their own; removing anyone else takes an owner.
function removeMember(command: RemoveOrganizationMember, state: ActiveOrganization): Decision {
  const { userId, login } = command.member;
  if (command.actor.userId !== userId && !isOwner(state, command.actor)) return left({ _tag: 'NotOrganizationOwner' });
  const current = state.members[userId];
  if (current === undefined) return left({ _tag: 'OrganizationMembershipNotFound', userId });
  if (current === 'admin' && ownerCount(state) === 1) return left({ _tag: 'LastOrganizationOwner' });
  return right([{ type: 'OrganizationMemberRemoved', data: { orgId: state.orgId, userId, login, removedAt: command.now.toISOString() } }]);
}

// Only the member decides; showing a membership already shown (or hiding a hidden one) changes nothing.
function setPublicity(command: SetMembershipPublicity, state: ActiveOrganization): Decision {
  const { userId, login } = command.member;
  if (command.actor.userId !== userId) return left({ _tag: 'MembershipPublicityRefused', reason: 'another-user', org: state.login });
  if (state.members[userId] === undefined) return left({ _tag: 'MembershipPublicityRefused', reason: 'not-member', org: state.login });
  if ((state.publicMembers[userId] === true) === command.public) return right([]);
  const at = command.now.toISOString();
  return right([
    command.public
      ? { type: 'OrganizationMembershipPublicized', data: { orgId: state.orgId, userId, login, publicizedAt: at } }
      : { type: 'OrganizationMembershipConcealed', data: { orgId: state.orgId, userId, login, concealedAt: at } },
  ]);
}

// An organization's stream holds every membership change: snapshotted (bump with evolve's
// meaning or the state's shape; 2: the members who publicized their membership).
export const organizationDecider: Decider<OrganizationCommand, OrganizationState, OrganizationEvent, AccountsError> = {
  initialState,
  evolve,
  decide,
  snapshot: { name: 'organization', version: 2 },
};
export const organizationStream = (orgId: number): string => `organization-${orgId}`;
