import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { RepositoryDocument, RepositorySubscriptionDocument } from '../../../application/repositories/repositories.readModel.js';
import { legacyPermissionName, type RepositoryPermission } from '../../../domain/shared/access.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { minimalRepository, permissionsObject } from './repository.encoders.js';
import { githubTime } from '../shared/githubTime.js';

// GitHub's role names: read, triage, write, maintain, admin.
export function roleName(role: RepositoryPermission): string {
  return role;
}

// GitHub's collaborator: a simple-user with the user's permissions on the repository (a copy:
// the simple-user itself is shared and frozen).
export function collaborator(user: UserDocument, role: RepositoryPermission, urls: ApiUrls) {
  return Object.assign({}, simpleUser(user, urls), { permissions: permissionsObject(role), role_name: roleName(role) });
}

// GitHub's repository-collaborator-permission.
export function collaboratorPermission(user: UserDocument, role: RepositoryPermission, urls: ApiUrls) {
  return { permission: legacyPermissionName(role), role_name: roleName(role), user: collaborator(user, role, urls) };
}

// GitHub's repository-invitation, the body of a 201 from PUT .../collaborators/{username}.
export function repositoryInvitation(
  invitation: { id: number; invitee: UserDocument; inviter: UserDocument; role: RepositoryPermission; createdAt: string },
  repository: { document: RepositoryDocument; owner: UserDocument },
  urls: ApiUrls,
) {
  const fullName = `${repository.owner.login}/${repository.document.name}`;
  return {
    id: invitation.id,
    node_id: legacyNodeId('RepositoryInvitation', invitation.id),
    repository: minimalRepository(repository.document, repository.owner, urls, null),
    invitee: simpleUser(invitation.invitee, urls),
    inviter: simpleUser(invitation.inviter, urls),
    permissions: invitation.role,
    created_at: githubTime(invitation.createdAt),
    expired: false,
    url: urls.api(`/user/repository_invitations/${invitation.id}`),
    html_url: urls.html(`/${fullName}/invitations`),
  };
}

// GitHub's repository-subscription.
export function repositorySubscription(subscription: RepositorySubscriptionDocument, fullName: string, urls: ApiUrls) {
  return {
    subscribed: subscription.subscribed,
    ignored: subscription.ignored,
    reason: null,
    created_at: githubTime(subscription.created_at),
    url: urls.api(`/repos/${fullName}/subscription`),
    repository_url: urls.api(`/repos/${fullName}`),
  };
}
