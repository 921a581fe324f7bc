import type { OrganizationDocument, OrgMembershipDocument } from '../../../application/accounts/organizations.readModel.js';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { githubTime } from '../shared/githubTime.js';
import { simpleUser } from './users.encoders.js';

// How much of an organization the caller may see: GitHub shows the plan to members and the
// private counters and member settings to owners only.
export type OrganizationView = 'public' | 'member' | 'owner';

// The account counters (repositories, followers) live on the organization's users document.
export interface AccountCounters {
  readonly public_repos: number;
  readonly owned_private_repos?: number;
  readonly public_gists: number;
  readonly followers: number;
  readonly following: number;
}

const NO_COUNTERS: AccountCounters = { public_repos: 0, public_gists: 0, followers: 0, following: 0 };

// GitHub's organization-simple: the shape of lists and of memberships.
export function organizationSimple(organization: OrganizationDocument, urls: ApiUrls) {
  const orgPath = `/orgs/${organization.login}`;
  return {
    login: organization.login,
    id: organization.id,
    node_id: legacyNodeId('Organization', organization.id),
    url: urls.api(orgPath),
    repos_url: urls.api(`${orgPath}/repos`),
    events_url: urls.api(`${orgPath}/events`),
    hooks_url: urls.api(`${orgPath}/hooks`),
    issues_url: urls.api(`${orgPath}/issues`),
    members_url: urls.api(`${orgPath}/members{/member}`),
    public_members_url: urls.api(`${orgPath}/public_members{/member}`),
    avatar_url: urls.html(`/avatars/u/${organization.id}`),
    description: organization.description,
  };
}

// The description types name, company, blog, location and email as strings that are never
// null, so an unset one is left out of the body rather than sent as null.
function profileStrings(organization: OrganizationDocument): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['name', 'company', 'blog', 'location', 'email'] as const) {
    const value = organization[name];
    if (value !== null && value !== '') fields[name] = value;
  }
  return fields;
}

// GitHub's organization-full: GET and PATCH /orgs/{org}.
export function organizationFull(
  organization: OrganizationDocument,
  urls: ApiUrls,
  view: OrganizationView,
  counters: AccountCounters | null,
  memberCount: number,
) {
  const { public_repos, public_gists, followers, following } = counters ?? NO_COUNTERS;
  const body = Object.assign(organizationSimple(organization, urls), profileStrings(organization), {
    twitter_username: organization.twitter_username,
    is_verified: false,
    has_organization_projects: organization.has_organization_projects,
    has_repository_projects: organization.has_repository_projects,
    public_repos,
    public_gists,
    followers,
    following,
    html_url: urls.html(`/${organization.login}`),
    type: 'Organization',
    created_at: githubTime(organization.created_at),
    updated_at: githubTime(organization.updated_at),
    archived_at: null,
  });
  if (view === 'public') return body;
  Object.assign(body, { plan: { name: 'enterprise', space: 976562499, private_repos: 999999, filled_seats: memberCount, seats: memberCount } });
  if (view === 'member') return body;
  // An organization's private repositories are all owned by it.
  const privateRepositories = counters?.owned_private_repos ?? 0;
  return Object.assign(body, {
    total_private_repos: privateRepositories,
    owned_private_repos: privateRepositories,
    private_gists: 0,
    disk_usage: 0,
    collaborators: 0,
    billing_email: organization.email,
    default_repository_permission: organization.default_repository_permission,
    members_can_create_repositories: organization.members_can_create_repositories,
    members_allowed_repository_creation_type: organization.members_can_create_repositories ? 'all' : 'none',
    two_factor_requirement_enabled: false,
    // GitHub's settings that forgelog has no control for yet, with GitHub's defaults (or
    // what follows from members_can_create_repositories).
    default_repository_branch: 'main',
    members_can_create_public_repositories: organization.members_can_create_repositories,
    members_can_create_private_repositories: organization.members_can_create_repositories,
    members_can_create_internal_repositories: organization.members_can_create_repositories,
    members_can_create_pages: true,
    members_can_create_public_pages: true,
    members_can_create_private_pages: true,
    members_can_delete_repositories: true,
    members_can_change_repo_visibility: true,
    members_can_invite_outside_collaborators: true,
    members_can_delete_issues: false,
    display_commenter_full_name_setting_enabled: false,
    readers_can_create_discussions: true,
    members_can_create_teams: true,
    members_can_view_dependency_insights: true,
    members_can_fork_private_repositories: false,
    web_commit_signoff_required: false,
    advanced_security_enabled_for_new_repositories: false,
    dependabot_alerts_enabled_for_new_repositories: false,
    dependabot_security_updates_enabled_for_new_repositories: false,
    dependency_graph_enabled_for_new_repositories: false,
    secret_scanning_enabled_for_new_repositories: false,
    secret_scanning_push_protection_enabled_for_new_repositories: false,
    secret_scanning_push_protection_custom_link_enabled: false,
    secret_scanning_push_protection_custom_link: null,
    deploy_keys_enabled_for_repositories: true,
  });
}

// GitHub's org-membership.
export function orgMembership(membership: OrgMembershipDocument, organization: OrganizationDocument, user: UserDocument, urls: ApiUrls) {
  return {
    url: urls.api(`/orgs/${organization.login}/memberships/${user.login}`),
    state: membership.state,
    role: membership.role,
    organization_url: urls.api(`/orgs/${organization.login}`),
    organization: organizationSimple(organization, urls),
    user: simpleUser(user, urls),
  };
}
