import { defaultProfile, organizationDecider, type OrganizationActor } from '../../../domain/accounts/organization.decider.js';
import type { OrganizationEvent } from '../../../domain/accounts/organization.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = '2026-11-22T10:00:00.000Z';
const owner: OrganizationActor = { userId: 2, siteAdmin: false };
const member: OrganizationActor = { userId: 3, siteAdmin: false };
const stranger: OrganizationActor = { userId: 9, siteAdmin: false };
const siteAdmin: OrganizationActor = { userId: 1, siteAdmin: true };

const created: OrganizationEvent = { type: 'OrganizationCreated', data: { orgId: 10, login: 'github', profile: defaultProfile('GitHub'), createdAt: at } };
const ownerAdded: OrganizationEvent = { type: 'OrganizationMemberAdded', data: { orgId: 10, userId: 2, login: 'octocat', role: 'admin', addedAt: at } };
const memberAdded: OrganizationEvent = { type: 'OrganizationMemberAdded', data: { orgId: 10, userId: 3, login: 'hubot', role: 'member', addedAt: at } };
const established = [created, ownerAdded, memberAdded];

describe('organization decider', () => {
  const spec = deciderSpec(organizationDecider);

  describe('CreateOrganization', () => {
    const create = { type: 'CreateOrganization' as const, orgId: 10, login: 'github', name: 'GitHub', firstOwner: { userId: 2, login: 'octocat' }, now };

    it('creates the organization with default settings and its first owner', () => {
      spec.given([]).when(create).then([created, ownerAdded]);
    });

    it('refuses to create it twice', () => {
      spec.given([created, ownerAdded]).when(create).thenFails('OrganizationAlreadyExists');
    });

    it('refuses an invalid login', () => {
      spec
        .given([])
        .when({ ...create, login: 'git_hub' })
        .thenFails('InvalidOrganizationLogin');
    });
  });

  describe('UpdateOrganization', () => {
    const update = (actor: OrganizationActor, changes: object) => ({ type: 'UpdateOrganization' as const, actor, changes, now });

    it('records only the settings that change', () => {
      spec
        .given(established)
        .when(update(owner, { name: 'GitHub', description: 'How people build software', has_organization_projects: false }))
        .then([
          {
            type: 'OrganizationUpdated',
            data: { orgId: 10, changes: { description: 'How people build software', has_organization_projects: false }, updatedAt: at },
          },
        ]);
    });

    it('changes nothing when nothing differs', () => {
      spec
        .given(established)
        .when(update(owner, { name: 'GitHub', has_repository_projects: true }))
        .then([]);
    });

    it('lets a site administrator change settings', () => {
      spec
        .given(established)
        .when(update(siteAdmin, { default_repository_permission: 'write' }))
        .then([{ type: 'OrganizationUpdated', data: { orgId: 10, changes: { default_repository_permission: 'write' }, updatedAt: at } }]);
    });

    it('refuses members and strangers', () => {
      spec
        .given(established)
        .when(update(member, { name: 'Hijacked' }))
        .thenFails('NotOrganizationOwner');
      spec
        .given(established)
        .when(update(stranger, { name: 'Hijacked' }))
        .thenFails('NotOrganizationOwner');
    });

    it('refuses an invalid email', () => {
      spec
        .given(established)
        .when(update(owner, { email: 'not-an-email' }))
        .thenFails('InvalidOrganizationField');
    });

    it('answers OrganizationNotFound for an organization that does not exist', () => {
      spec
        .given([])
        .when(update(owner, { name: 'x' }))
        .thenFails('OrganizationNotFound');
    });
  });

  describe('SetOrganizationMembership', () => {
    const set = (actor: OrganizationActor, userId: number, login: string, role: 'admin' | 'member') => ({
      type: 'SetOrganizationMembership' as const,
      actor,
      member: { userId, login },
      role,
      now,
    });

    it('adds a new member directly, with the role asked for', () => {
      spec
        .given(established)
        .when(set(owner, 4, 'mona', 'member'))
        .then([{ type: 'OrganizationMemberAdded', data: { orgId: 10, userId: 4, login: 'mona', role: 'member', addedAt: at } }]);
    });

    it('promotes a member to owner', () => {
      spec
        .given(established)
        .when(set(siteAdmin, 3, 'hubot', 'admin'))
        .then([
          { type: 'OrganizationMemberRoleChanged', data: { orgId: 10, userId: 3, login: 'hubot', role: 'admin', previousRole: 'member', changedAt: at } },
        ]);
    });

    it('is idempotent for an unchanged role', () => {
      spec
        .given(established)
        .when(set(owner, 3, 'hubot', 'member'))
        .then([]);
    });

    it('refuses to demote the last owner', () => {
      spec
        .given(established)
        .when(set(owner, 2, 'octocat', 'member'))
        .thenFails('LastOrganizationOwner');
    });

    it('refuses members who are not owners', () => {
      spec
        .given(established)
        .when(set(member, 4, 'mona', 'member'))
        .thenFails('NotOrganizationOwner');
    });
  });

  describe('RemoveOrganizationMember', () => {
    const remove = (actor: OrganizationActor, userId: number, login: string) => ({
      type: 'RemoveOrganizationMember' as const,
      actor,
      member: { userId, login },
      now,
    });
    const removed = (userId: number, login: string): OrganizationEvent => ({
      type: 'OrganizationMemberRemoved',
      data: { orgId: 10, userId, login, removedAt: at },
    });

    it('lets an owner remove a member', () => {
      spec
        .given(established)
        .when(remove(owner, 3, 'hubot'))
        .then([removed(3, 'hubot')]);
    });

    it('lets a member leave', () => {
      spec
        .given(established)
        .when(remove(member, 3, 'hubot'))
        .then([removed(3, 'hubot')]);
    });

    it('refuses to remove the last owner, even by a site administrator', () => {
      spec
        .given(established)
        .when(remove(siteAdmin, 2, 'octocat'))
        .thenFails('LastOrganizationOwner');
    });

    it('removes an owner when another owner remains', () => {
      const promoted: OrganizationEvent = {
        type: 'OrganizationMemberRoleChanged',
        data: { orgId: 10, userId: 3, login: 'hubot', role: 'admin', previousRole: 'member', changedAt: at },
      };
      spec
        .given([...established, promoted])
        .when(remove(member, 2, 'octocat'))
        .then([removed(2, 'octocat')]);
    });

    it('refuses a member removing someone else', () => {
      spec
        .given(established)
        .when(remove(member, 2, 'octocat'))
        .thenFails('NotOrganizationOwner');
    });

    it('answers OrganizationMembershipNotFound for someone who is not a member', () => {
      spec
        .given(established)
        .when(remove(owner, 9, 'stranger'))
        .thenFails('OrganizationMembershipNotFound');
    });

    it('forgets a removed member', () => {
      spec
        .given([...established, removed(3, 'hubot')])
        .when(remove(owner, 3, 'hubot'))
        .thenFails('OrganizationMembershipNotFound');
    });
  });

  describe('SetMembershipPublicity', () => {
    const publicity = (actor: OrganizationActor, userId: number, login: string, shown: boolean) => ({
      type: 'SetMembershipPublicity' as const,
      actor,
      member: { userId, login },
      public: shown,
      now,
    });
    const publicized: OrganizationEvent = { type: 'OrganizationMembershipPublicized', data: { orgId: 10, userId: 3, login: 'hubot', publicizedAt: at } };
    const concealed: OrganizationEvent = { type: 'OrganizationMembershipConcealed', data: { orgId: 10, userId: 3, login: 'hubot', concealedAt: at } };

    it('lets a member publicize their concealed membership, and conceal it again', () => {
      spec
        .given(established)
        .when(publicity(member, 3, 'hubot', true))
        .then([publicized]);
      spec
        .given([...established, publicized])
        .when(publicity(member, 3, 'hubot', false))
        .then([concealed]);
    });

    it('changes nothing when the membership already shows (or hides) as asked', () => {
      spec
        .given(established)
        .when(publicity(member, 3, 'hubot', false))
        .then([]);
      spec
        .given([...established, publicized])
        .when(publicity(member, 3, 'hubot', true))
        .then([]);
    });

    it('refuses anyone else, an owner and a site administrator included', () => {
      spec
        .given(established)
        .when(publicity(owner, 3, 'hubot', true))
        .thenFails('MembershipPublicityRefused');
      spec
        .given(established)
        .when(publicity(siteAdmin, 3, 'hubot', true))
        .thenFails('MembershipPublicityRefused');
    });

    it('refuses someone who is not a member', () => {
      spec
        .given(established)
        .when(publicity(stranger, 9, 'stranger', true))
        .thenFails('MembershipPublicityRefused');
    });

    it('a member who left and comes back starts concealed', () => {
      const left: OrganizationEvent = { type: 'OrganizationMemberRemoved', data: { orgId: 10, userId: 3, login: 'hubot', removedAt: at } };
      spec
        .given([...established, publicized, left, memberAdded])
        .when(publicity(member, 3, 'hubot', true))
        .then([publicized]);
    });
  });
});
