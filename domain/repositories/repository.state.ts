import type { CollaboratorPermission } from '../shared/access.js';
import { withKey, withoutKey } from '../shared/foldCopies.js';
import type { OwnerType, RepositoryEvent, RepositorySettings } from './repository.events.js';

export interface ActiveRepository {
  readonly status: 'active';
  readonly repositoryId: number;
  readonly ownerId: number;
  readonly ownerType: OwnerType;
  readonly name: string;
  readonly settings: RepositorySettings;
  readonly archived: boolean;
  readonly topics: readonly string[];
  readonly collaborators: Readonly<Record<string, CollaboratorPermission>>;
  // Pending invitations by id.
  readonly invitations: Readonly<Record<string, { readonly inviteeId: number; readonly permission: CollaboratorPermission }>>;
}

export type RepositoryState = { readonly status: 'absent' } | ActiveRepository | { readonly status: 'deleted'; readonly repositoryId: number };

export const initialState = (): RepositoryState => ({ status: 'absent' });

export function evolve(state: RepositoryState, event: RepositoryEvent): RepositoryState {
  if (event.type === 'RepositoryCreated') {
    const { repositoryId, ownerId, ownerType, name, description, homepage, private: isPrivate, hasIssues, hasProjects, hasWiki, defaultBranch } = event.data;
    const deleteBranchOnMerge = event.data.deleteBranchOnMerge ?? false;
    const settings: RepositorySettings = { description, homepage, private: isPrivate, hasIssues, hasProjects, hasWiki, defaultBranch, deleteBranchOnMerge };
    return { status: 'active', repositoryId, ownerId, ownerType, name, settings, archived: false, topics: [], collaborators: {}, invitations: {} };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'RepositoryEdited':
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case 'RepositoryArchived':
      return { ...state, archived: true };
    case 'RepositoryUnarchived':
      return { ...state, archived: false };
    case 'RepositoryRenamed':
      return { ...state, name: event.data.toName };
    case 'RepositoryTransferred':
      return { ...state, ownerId: event.data.toOwnerId, ownerType: event.data.toOwnerType, name: event.data.toName };
    case 'RepositoryTopicsReplaced':
      return { ...state, topics: event.data.names };
    case 'RepositoryDeleted':
      return { status: 'deleted', repositoryId: state.repositoryId };
    case 'CollaboratorAdded':
    case 'CollaboratorPermissionChanged':
      return { ...state, collaborators: withKey(state.collaborators, String(event.data.userId), event.data.permission) };
    case 'CollaboratorRemoved':
      return { ...state, collaborators: withoutKey(state.collaborators, String(event.data.userId)) };
    case 'CollaboratorInvited':
      return {
        ...state,
        invitations: withKey(state.invitations, String(event.data.invitationId), { inviteeId: event.data.inviteeId, permission: event.data.permission }),
      };
    case 'RepositoryInvitationUpdated': {
      const invitation = state.invitations[event.data.invitationId];
      return invitation
        ? { ...state, invitations: withKey(state.invitations, String(event.data.invitationId), { ...invitation, permission: event.data.permission }) }
        : state;
    }
    case 'RepositoryInvitationAccepted':
    case 'RepositoryInvitationDeclined':
    case 'RepositoryInvitationDeleted':
      return { ...state, invitations: withoutKey(state.invitations, String(event.data.invitationId)) };
  }
}
