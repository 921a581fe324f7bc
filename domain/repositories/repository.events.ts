import type { CollaboratorPermission } from '../shared/access.js';
import type { DomainEvent } from '../shared/event.js';

export type OwnerType = 'User' | 'Organization';

// Everything needed to write the first commit again, byte for byte: the git directory can
// be rebuilt from this event alone (its date is the repository's createdAt).
export interface InitialCommitRecipe {
  readonly authorName: string;
  readonly authorEmail: string;
  readonly readme: string;
  readonly message: string;
  // The commit's SHA as git names it, worked out before the commit is written (the event is
  // appended first), so that what reads the event can link to it; absent from events
  // recorded before it was kept.
  readonly sha?: string;
}

export interface ForkOrigin {
  readonly parentId: number;
  // The root of the fork network: the parent's own source, or the parent itself.
  readonly sourceId: number;
  readonly defaultBranchOnly: boolean;
}

export interface RepositorySettings {
  readonly description: string | null;
  readonly homepage: string | null;
  readonly private: boolean;
  readonly hasIssues: boolean;
  readonly hasProjects: boolean;
  readonly hasWiki: boolean;
  readonly defaultBranch: string;
  // GitHub's delete_branch_on_merge: a merged pull request's head branch is deleted (absent
  // from events recorded before it was kept: false).
  readonly deleteBranchOnMerge?: boolean;
}

export type RepositoryCreated = DomainEvent<
  'RepositoryCreated',
  RepositorySettings & {
    readonly repositoryId: number;
    readonly ownerId: number;
    readonly ownerType: OwnerType;
    readonly name: string;
    readonly fork: ForkOrigin | null;
    readonly initialCommit: InitialCommitRecipe | null;
    readonly createdAt: string;
  }
>;

// Only the settings that changed.
export type RepositoryEdited = DomainEvent<
  'RepositoryEdited',
  { readonly repositoryId: number; readonly changes: Partial<RepositorySettings>; readonly editedAt: string }
>;
export type RepositoryArchived = DomainEvent<'RepositoryArchived', { readonly repositoryId: number; readonly archivedAt: string }>;
export type RepositoryUnarchived = DomainEvent<'RepositoryUnarchived', { readonly repositoryId: number; readonly unarchivedAt: string }>;
export type RepositoryRenamed = DomainEvent<
  'RepositoryRenamed',
  { readonly repositoryId: number; readonly ownerId: number; readonly fromName: string; readonly toName: string; readonly renamedAt: string }
>;
export type RepositoryTransferred = DomainEvent<
  'RepositoryTransferred',
  {
    readonly repositoryId: number;
    readonly fromOwnerId: number;
    readonly fromName: string;
    readonly toOwnerId: number;
    readonly toOwnerType: OwnerType;
    readonly toName: string;
    readonly transferredAt: string;
  }
>;
export type RepositoryTopicsReplaced = DomainEvent<
  'RepositoryTopicsReplaced',
  { readonly repositoryId: number; readonly names: readonly string[]; readonly replacedAt: string }
>;
export type RepositoryDeleted = DomainEvent<
  'RepositoryDeleted',
  { readonly repositoryId: number; readonly ownerId: number; readonly name: string; readonly deletedAt: string }
>;
export type CollaboratorAdded = DomainEvent<
  'CollaboratorAdded',
  {
    readonly repositoryId: number;
    readonly userId: number;
    readonly permission: CollaboratorPermission;
    readonly invitationId: number;
    readonly addedAt: string;
  }
>;
export type CollaboratorPermissionChanged = DomainEvent<
  'CollaboratorPermissionChanged',
  { readonly repositoryId: number; readonly userId: number; readonly permission: CollaboratorPermission; readonly changedAt: string }
>;
export type CollaboratorRemoved = DomainEvent<'CollaboratorRemoved', { readonly repositoryId: number; readonly userId: number; readonly removedAt: string }>;

// GitHub invites a collaborator; access starts only when the invitee accepts.
export type CollaboratorInvited = DomainEvent<
  'CollaboratorInvited',
  {
    readonly repositoryId: number;
    readonly invitationId: number;
    readonly inviteeId: number;
    readonly inviterId: number;
    readonly permission: CollaboratorPermission;
    readonly invitedAt: string;
  }
>;
export type RepositoryInvitationUpdated = DomainEvent<
  'RepositoryInvitationUpdated',
  { readonly repositoryId: number; readonly invitationId: number; readonly permission: CollaboratorPermission; readonly updatedAt: string }
>;
export type RepositoryInvitationAccepted = DomainEvent<
  'RepositoryInvitationAccepted',
  { readonly repositoryId: number; readonly invitationId: number; readonly inviteeId: number; readonly acceptedAt: string }
>;
export type RepositoryInvitationDeclined = DomainEvent<
  'RepositoryInvitationDeclined',
  { readonly repositoryId: number; readonly invitationId: number; readonly inviteeId: number; readonly declinedAt: string }
>;
// Withdrawn by an administrator of the repository.
export type RepositoryInvitationDeleted = DomainEvent<
  'RepositoryInvitationDeleted',
  { readonly repositoryId: number; readonly invitationId: number; readonly deletedAt: string }
>;

export type RepositoryInvitationEvent =
  CollaboratorInvited | RepositoryInvitationUpdated | RepositoryInvitationAccepted | RepositoryInvitationDeclined | RepositoryInvitationDeleted;

export type RepositoryEvent =
  | RepositoryInvitationEvent
  | RepositoryCreated
  | RepositoryEdited
  | RepositoryArchived
  | RepositoryUnarchived
  | RepositoryRenamed
  | RepositoryTransferred
  | RepositoryTopicsReplaced
  | RepositoryDeleted
  | CollaboratorAdded
  | CollaboratorPermissionChanged
  | CollaboratorRemoved;
