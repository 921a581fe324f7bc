import type { CollaboratorPermission } from '../../domain/shared/access.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

// Shapes other areas read too (access decisions, activity, search): the repositories
// projection writes all five collections.
export const REPOSITORIES_COLLECTION = 'repositories';
export const REPOSITORY_REDIRECTS_COLLECTION = 'repository_redirects';
export const REPOSITORY_COLLABORATORS_COLLECTION = 'repository_collaborators';
export const REPOSITORY_STARS_COLLECTION = 'repository_stars';
export const REPOSITORY_SUBSCRIPTIONS_COLLECTION = 'repository_subscriptions';
export const REPOSITORY_INVITATIONS_COLLECTION = 'repository_invitations';

// The owner is kept by id: the owner's current login comes from the users collection, so an
// account rename never leaves a stale full name here.
export interface RepositoryDocument extends Document {
  _id: string; // String(id)
  id: number;
  owner_id: number;
  owner_type: 'User' | 'Organization';
  name: string;
  name_key: string;
  description: string | null;
  homepage: string | null;
  private: boolean;
  fork: boolean;
  parent_id: number | null;
  // The parent's owner, kept through the parent's transfers: what a user leaving an
  // organization loses is their private forks of its repositories, found by index.
  parent_owner_id: number | null;
  source_id: number | null;
  // For a private fork whose network is private (its source private when it was forked, and
  // not made public since): the source's owner, kept through the source's transfers. Whoever
  // reads the source reads the fork (GitHub: private forks inherit the upstream's permissions),
  // decided from the document alone, as lists decide many at once. Null otherwise: a source
  // made public leaves its private forks in networks of their own, as on GitHub.
  upstream_owner_id: number | null;
  upstream_owner_type: 'User' | 'Organization' | null;
  // The repository this one was a fork of until a change of its visibility detached it (GitHub:
  // made private, its public forks; made public, its private forks): the fork stands alone,
  // fork false, no parent or source; absent otherwise. Lets the eventual projections find the
  // forks one change detached, by index.
  detached_from_id?: number;
  has_issues: boolean;
  has_projects: boolean;
  has_wiki: boolean;
  // Absent from documents written before it was kept: false.
  delete_branch_on_merge?: boolean;
  archived: boolean;
  default_branch: string;
  topics: string[];
  forks_count: number;
  // Of forks_count, the forks that are private. A public repository shows only its public
  // forks (visibleForksCount): on GitHub a private repository made public leaves its private
  // forks in networks of their own, so no public repository counts a private fork.
  private_forks_count: number;
  stargazers_count: number;
  subscribers_count: number;
  created_at: string;
  updated_at: string;
  pushed_at: string;
}

// An old (owner, name) that still answers, with a redirect, for the repository now elsewhere.
export interface RepositoryRedirectDocument extends Document {
  _id: string; // `${owner_id}:${name_key}`
  owner_id: number;
  name_key: string;
  repository_id: number;
}

// A pending invitation to collaborate; gone once accepted, declined or withdrawn.
export interface RepositoryInvitationDocument extends Document {
  _id: string; // String(id)
  id: number;
  repository_id: number;
  invitee_id: number;
  inviter_id: number;
  permission: CollaboratorPermission;
  created_at: string;
}

export interface RepositoryCollaboratorDocument extends Document {
  _id: string; // `${repository_id}:${user_id}`
  repository_id: number;
  user_id: number;
  permission: CollaboratorPermission;
  invitation_id: number;
  created_at: string;
  // The repository's owner, and the collaborator's role in it when it is an organization
  // ('none': not a member, or a user's repository). Kept as memberships and transfers change
  // them, so outside collaborators and the overlap with members are pages and counts of an
  // index, not a membership look-up per collaborator.
  owner_id: number;
  org_role: CollaboratorOrgRole;
  // The repository's visibility and the keys its lists sort by, kept through its pushes,
  // edits, renames, transfers and its owner's renames: a user's collaborations page from an
  // ordered index (GET /users/{username}/repos?type=member), deciding only the private ones.
  // `created_at` above is the collaboration's; these are the repository's.
  private: boolean;
  repository_created_at: string;
  repository_updated_at: string;
  repository_pushed_at: string;
  full_name_key: string;
}

// The key lists sort full names by: the owner's login and the name, lowercased together.
export function fullNameKey(login: string, name: string): string {
  return `${login}/${name}`.toLowerCase();
}

export type CollaboratorOrgRole = 'none' | 'admin' | 'member';

export interface RepositoryStarDocument extends Document {
  _id: string; // `${repository_id}:${user_id}`
  repository_id: number;
  user_id: number;
  starred_at: string;
  // The repository's visibility, kept with each star: a list of a user's stars reads the
  // public ones from an index and decides only the private ones.
  private: boolean;
  // The repository's owner, kept through its transfers: a user leaving an organization is
  // unstarred from its private repositories, found by index, not among all their stars.
  owner_id: number;
  // The repository's pushed_at, kept through its pushes: GitHub's sort=updated of a user's
  // stars ("when the repository was last pushed to") pages from an index.
  pushed_at: string;
}

export interface RepositorySubscriptionDocument extends Document {
  _id: string; // `${repository_id}:${user_id}`
  repository_id: number;
  user_id: number;
  subscribed: boolean;
  ignored: boolean;
  created_at: string;
  // The repository's visibility, kept as stars keep it: a list of a user's subscriptions
  // reads the public ones from an index and decides only the private ones.
  private: boolean;
  // The repository's owner, kept through its transfers as stars keep it: a user leaving an
  // organization stops watching its private repositories, found by index.
  owner_id: number;
}

export const pairId = (repositoryId: number, userId: number): string => `${repositoryId}:${userId}`;
export const redirectId = (ownerId: number, nameKey: string): string => `${ownerId}:${nameKey}`;

// The fork count a repository shows everyone who reads it (forks_count, forks, network_count,
// search's forks:): a private repository's forks all count; a public one's private forks, in
// which its readers have no part, do not.
export function visibleForksCount(repository: Pick<RepositoryDocument, 'private' | 'forks_count' | 'private_forks_count'>): number {
  return repository.private ? repository.forks_count : repository.forks_count - (repository.private_forks_count ?? 0);
}
