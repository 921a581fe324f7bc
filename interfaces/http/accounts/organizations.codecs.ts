import * as t from 'io-ts';

const nullableString = t.union([t.string, t.null]);

// POST /admin/organizations: GitHub Enterprise's site-admin create.
export const CreateOrganizationBody = t.intersection([t.type({ login: t.string, admin: t.string }), t.partial({ profile_name: nullableString })]);

// PATCH /orgs/{org}: the settings forgelog keeps; others GitHub accepts are ignored.
export const UpdateOrganizationBody = t.partial({
  name: nullableString,
  description: nullableString,
  email: nullableString,
  company: nullableString,
  blog: nullableString,
  location: nullableString,
  twitter_username: nullableString,
  has_organization_projects: t.boolean,
  has_repository_projects: t.boolean,
  default_repository_permission: t.keyof({ read: null, write: null, admin: null, none: null }),
  members_can_create_repositories: t.boolean,
});

// PUT /orgs/{org}/memberships/{username}: role defaults to member (an absent body too).
export const SetMembershipBody = t.partial({ role: t.keyof({ admin: null, member: null }) });

export const MembersListQuery = t.partial({
  role: t.keyof({ all: null, admin: null, member: null }),
  filter: t.keyof({ all: null, '2fa_disabled': null }),
});

// GET /user/memberships/orgs: by state (forgelog has no pending invitations).
export const OwnMembershipsQuery = t.partial({ state: t.keyof({ active: null, pending: null }) });

// PATCH /user/memberships/orgs/{org}: GitHub's only accepted state.
export const OwnMembershipBody = t.type({ state: t.literal('active') });
