import type { Document } from '../shared/ports/readModelStore.port.js';

// Shapes shared across areas: repositories decide access from memberships, so these are
// fixed here; the organizations projection writes them.
export const ORGANIZATIONS_COLLECTION = 'organizations';
export const ORG_MEMBERSHIPS_COLLECTION = 'org_memberships';
// Whether each user has two-factor authentication on, as the organizations projection last
// read it from the user's stream: a membership added later starts with it.
export const ORG_USERS_TWO_FACTOR_COLLECTION = 'org_users_two_factor';

export interface OrganizationDocument extends Document {
  _id: string; // String(id)
  id: number;
  login: string;
  login_key: string;
  name: string | null;
  description: string | null;
  email: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  twitter_username: string | null;
  has_organization_projects: boolean;
  has_repository_projects: boolean;
  default_repository_permission: 'read' | 'write' | 'admin' | 'none';
  members_can_create_repositories: boolean;
  created_at: string;
  updated_at: string;
}

// GitHub's roles: an organization owner is role 'admin'.
export interface OrgMembershipDocument extends Document {
  _id: string; // `${org_id}:${user_id}`
  org_id: number;
  user_id: number;
  role: 'admin' | 'member';
  state: 'active';
  // Shown to those outside the organization (publicized by the member); concealed by default.
  public: boolean;
  // The member has two-factor authentication on (GET /orgs/{org}/members?filter=2fa_disabled).
  two_factor: boolean;
  updated_at: string;
}

export interface OrgUserTwoFactorDocument extends Document {
  _id: string; // String(user id)
  enabled: boolean;
}
