import type { DomainEvent } from '../shared/event.js';

// GitHub's roles: an organization owner has role 'admin'.
export type OrganizationRole = 'admin' | 'member';
export type DefaultRepositoryPermission = 'read' | 'write' | 'admin' | 'none';

// The settings PATCH /orgs/{org} may change; an event carries only the ones that changed.
export interface OrganizationProfile {
  readonly name: string | null;
  readonly description: string | null;
  readonly email: string | null;
  readonly company: string | null;
  readonly blog: string | null;
  readonly location: string | null;
  readonly twitter_username: string | null;
  readonly has_organization_projects: boolean;
  readonly has_repository_projects: boolean;
  readonly default_repository_permission: DefaultRepositoryPermission;
  readonly members_can_create_repositories: boolean;
}

export type OrganizationCreated = DomainEvent<
  'OrganizationCreated',
  { readonly orgId: number; readonly login: string; readonly profile: OrganizationProfile; readonly createdAt: string }
>;

export type OrganizationUpdated = DomainEvent<
  'OrganizationUpdated',
  { readonly orgId: number; readonly changes: Partial<OrganizationProfile>; readonly updatedAt: string }
>;

// Memberships live in the organization's stream: the last-owner rule spans all of them.
// `login` is the member's login at the time, for the audit trail; the id is what counts.
export type OrganizationMemberAdded = DomainEvent<
  'OrganizationMemberAdded',
  { readonly orgId: number; readonly userId: number; readonly login: string; readonly role: OrganizationRole; readonly addedAt: string }
>;

export type OrganizationMemberRoleChanged = DomainEvent<
  'OrganizationMemberRoleChanged',
  {
    readonly orgId: number;
    readonly userId: number;
    readonly login: string;
    readonly role: OrganizationRole;
    readonly previousRole: OrganizationRole;
    readonly changedAt: string;
  }
>;

export type OrganizationMemberRemoved = DomainEvent<
  'OrganizationMemberRemoved',
  { readonly orgId: number; readonly userId: number; readonly login: string; readonly removedAt: string }
>;

// A member shows or hides their own membership (GitHub's publicize and conceal). A membership
// starts concealed, as on GitHub, and a member who leaves and comes back starts concealed again.
export type OrganizationMembershipPublicized = DomainEvent<
  'OrganizationMembershipPublicized',
  { readonly orgId: number; readonly userId: number; readonly login: string; readonly publicizedAt: string }
>;

export type OrganizationMembershipConcealed = DomainEvent<
  'OrganizationMembershipConcealed',
  { readonly orgId: number; readonly userId: number; readonly login: string; readonly concealedAt: string }
>;

export type OrganizationEvent =
  | OrganizationCreated
  | OrganizationUpdated
  | OrganizationMemberAdded
  | OrganizationMemberRoleChanged
  | OrganizationMemberRemoved
  | OrganizationMembershipPublicized
  | OrganizationMembershipConcealed;
