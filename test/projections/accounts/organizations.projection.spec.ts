import { expect } from 'chai';
import { defaultProfile } from '../../../domain/accounts/organization.decider.js';
import { organizationsProjection } from '../../../projections/accounts/organizations.projection.js';
import { usersProjection } from '../../../projections/accounts/users.projection.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const history = () => [
  storedEvent('organization-10', 0, 'OrganizationCreated', { orgId: 10, login: 'GitHub', profile: defaultProfile('GitHub, Inc.'), createdAt: at }),
  storedEvent('organization-10', 1, 'OrganizationMemberAdded', { orgId: 10, userId: 2, login: 'octocat', role: 'admin', addedAt: at }),
  storedEvent('organization-10', 2, 'OrganizationMemberAdded', { orgId: 10, userId: 3, login: 'hubot', role: 'member', addedAt: at }),
  storedEvent('organization-10', 3, 'OrganizationMemberRoleChanged', {
    orgId: 10,
    userId: 3,
    login: 'hubot',
    role: 'admin',
    previousRole: 'member',
    changedAt: later,
  }),
  storedEvent('organization-10', 4, 'OrganizationUpdated', {
    orgId: 10,
    changes: { description: 'How people build software', blog: 'https://github.blog', has_repository_projects: false },
    updatedAt: later,
  }),
  storedEvent('organization-10', 5, 'OrganizationMemberAdded', { orgId: 10, userId: 4, login: 'mona', role: 'member', addedAt: later }),
  storedEvent('organization-10', 6, 'OrganizationMemberRemoved', { orgId: 10, userId: 4, login: 'mona', removedAt: later }),
  // octocat shows their membership and keeps it shown through a change of role; hubot shows
  // theirs and hides it again.
  storedEvent('organization-10', 7, 'OrganizationMembershipPublicized', { orgId: 10, userId: 2, login: 'octocat', publicizedAt: at }),
  storedEvent('organization-10', 8, 'OrganizationMembershipPublicized', { orgId: 10, userId: 3, login: 'hubot', publicizedAt: later }),
  storedEvent('organization-10', 9, 'OrganizationMembershipConcealed', { orgId: 10, userId: 3, login: 'hubot', concealedAt: later }),
  storedEvent('organization-10', 10, 'OrganizationMemberRoleChanged', {
    orgId: 10,
    userId: 2,
    login: 'octocat',
    role: 'member',
    previousRole: 'admin',
    changedAt: later,
  }),
  // hubot turns two-factor authentication on: their memberships follow.
  storedEvent('user-3', 5, 'TwoFactorEnabled', { userId: 3, totpSecret: 'sealed', enabledAt: later }),
];

describe('organizations projection', () => {
  it('applied twice leaves the same organizations and memberships', async () => {
    const dump = await expectIdempotent(organizationsProjection, history());
    expect(dump.organizations).to.deep.equal([
      {
        _id: '10',
        id: 10,
        login: 'GitHub',
        login_key: 'github',
        ...defaultProfile('GitHub, Inc.'),
        description: 'How people build software',
        blog: 'https://github.blog',
        has_repository_projects: false,
        created_at: at,
        updated_at: later,
      },
    ]);
    expect(dump.org_memberships).to.deep.equal([
      { _id: '10:2', org_id: 10, user_id: 2, role: 'member', state: 'active', public: true, two_factor: false, updated_at: later },
      { _id: '10:3', org_id: 10, user_id: 3, role: 'admin', state: 'active', public: false, two_factor: true, updated_at: later },
    ]);
  });

  it('drops the memberships of a deleted user', async () => {
    const deleted = storedEvent('user-3', 1, 'UserDeleted', { userId: 3, login: 'hubot', deletedAt: later });
    const dump = await expectIdempotent(organizationsProjection, [...history(), deleted]);
    expect((dump.org_memberships as { user_id: number }[]).map((membership) => membership.user_id)).to.deep.equal([2]);
  });
});

describe('users projection: organizations as accounts', () => {
  it('applied twice gives the organization a users document of type Organization, kept up to date', async () => {
    const dump = await expectIdempotent(usersProjection, history());
    expect(dump.users).to.have.length(1);
    expect(dump.users![0]).to.deep.include({
      _id: '10',
      id: 10,
      login: 'GitHub',
      login_key: 'github',
      type: 'Organization',
      site_admin: false,
      name: 'GitHub, Inc.',
      bio: 'How people build software',
      blog: 'https://github.blog',
      email: null,
      public_repos: 0,
      created_at: at,
      updated_at: later,
    });
    expect(dump.credentials ?? []).to.deep.equal([]);
  });
});
