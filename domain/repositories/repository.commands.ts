import type { CollaboratorPermission } from '../shared/access.js';
import type { ForkOrigin, InitialCommitRecipe, OwnerType, RepositorySettings } from './repository.events.js';

export interface CreateRepository {
  readonly type: 'CreateRepository';
  readonly repositoryId: number;
  readonly ownerId: number;
  readonly ownerType: OwnerType;
  readonly name: string;
  readonly settings: RepositorySettings;
  readonly fork: ForkOrigin | null;
  readonly initialCommit: InitialCommitRecipe | null;
  readonly now: Date;
}

export interface EditRepository {
  readonly type: 'EditRepository';
  readonly changes: Partial<RepositorySettings>;
  readonly archived?: boolean;
  readonly now: Date;
}

export interface RenameRepository {
  readonly type: 'RenameRepository';
  readonly name: string;
  readonly now: Date;
}

export interface TransferRepository {
  readonly type: 'TransferRepository';
  readonly toOwnerId: number;
  readonly toOwnerType: OwnerType;
  readonly toName: string;
  readonly now: Date;
}

export interface ReplaceTopics {
  readonly type: 'ReplaceTopics';
  readonly names: readonly string[];
  readonly now: Date;
}

export interface DeleteRepository {
  readonly type: 'DeleteRepository';
  readonly now: Date;
}

export interface SetCollaborator {
  readonly type: 'SetCollaborator';
  readonly userId: number;
  readonly permission: CollaboratorPermission;
  // GitHub answers a new collaborator with an invitation; its id is decided before writing.
  readonly invitationId: number;
  readonly inviterId: number;
  // A member of the owning organization is added at once, without an invitation (GitHub's 204).
  readonly directly: boolean;
  readonly now: Date;
}

export interface AcceptInvitation {
  readonly type: 'AcceptInvitation';
  readonly invitationId: number;
  readonly userId: number;
  readonly now: Date;
}
export interface DeclineInvitation {
  readonly type: 'DeclineInvitation';
  readonly invitationId: number;
  readonly userId: number;
  readonly now: Date;
}
export interface DeleteInvitation {
  readonly type: 'DeleteInvitation';
  readonly invitationId: number;
  readonly now: Date;
}
export interface UpdateInvitation {
  readonly type: 'UpdateInvitation';
  readonly invitationId: number;
  readonly permission: CollaboratorPermission;
  readonly now: Date;
}

export interface RemoveCollaborator {
  readonly type: 'RemoveCollaborator';
  readonly userId: number;
  readonly now: Date;
}

export type RepositoryCommand =
  | CreateRepository
  | EditRepository
  | RenameRepository
  | TransferRepository
  | ReplaceTopics
  | DeleteRepository
  | SetCollaborator
  | RemoveCollaborator
  | AcceptInvitation
  | DeclineInvitation
  | DeleteInvitation
  | UpdateInvitation;
