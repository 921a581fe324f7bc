import type { DomainEvent } from '../shared/event.js';

// Classic projects belong to a repository, an organization or a user.
export type ProjectOwnerKind = 'repository' | 'organization' | 'user';
export type ProjectPermission = 'read' | 'write' | 'admin';
export type OrganizationProjectPermission = ProjectPermission | 'none';

export interface ProjectSettings {
  readonly name: string;
  readonly body: string | null;
  readonly state: 'open' | 'closed';
  readonly organizationPermission: OrganizationProjectPermission;
  readonly private: boolean;
}

export type ProjectCreated = DomainEvent<
  'ProjectCreated',
  ProjectSettings & {
    readonly projectId: number;
    readonly ownerKind: ProjectOwnerKind;
    readonly ownerId: number;
    readonly number: number;
    readonly creatorId: number;
    readonly createdAt: string;
  }
>;
// What changed, and what it was: the audit trail shows both.
export type ProjectUpdated = DomainEvent<
  'ProjectUpdated',
  { readonly projectId: number; readonly changes: Partial<ProjectSettings>; readonly previous: Partial<ProjectSettings>; readonly updatedAt: string }
>;
export type ProjectDeleted = DomainEvent<'ProjectDeleted', { readonly projectId: number; readonly deletedAt: string }>;
export type ProjectCollaboratorSet = DomainEvent<
  'ProjectCollaboratorSet',
  {
    readonly projectId: number;
    readonly userId: number;
    readonly permission: ProjectPermission;
    readonly previousPermission: ProjectPermission | null;
    readonly setAt: string;
  }
>;
export type ProjectCollaboratorRemoved = DomainEvent<
  'ProjectCollaboratorRemoved',
  { readonly projectId: number; readonly userId: number; readonly previousPermission: ProjectPermission; readonly removedAt: string }
>;

// Positions are recorded resolved (after which column or card, null for the front), so a
// replay puts everything exactly where the decision put it.
export type ProjectColumnCreated = DomainEvent<
  'ProjectColumnCreated',
  { readonly projectId: number; readonly columnId: number; readonly name: string; readonly createdAt: string }
>;
export type ProjectColumnRenamed = DomainEvent<
  'ProjectColumnRenamed',
  { readonly projectId: number; readonly columnId: number; readonly name: string; readonly previousName: string; readonly renamedAt: string }
>;
export type ProjectColumnMoved = DomainEvent<
  'ProjectColumnMoved',
  {
    readonly projectId: number;
    readonly columnId: number;
    readonly afterColumnId: number | null;
    readonly previousAfterColumnId: number | null;
    readonly movedAt: string;
  }
>;
export type ProjectColumnDeleted = DomainEvent<
  'ProjectColumnDeleted',
  { readonly projectId: number; readonly columnId: number; readonly name: string; readonly cardIds: readonly number[]; readonly deletedAt: string }
>;

export type CardContentType = 'Issue' | 'PullRequest';

export interface CardContent {
  readonly type: CardContentType;
  // The id (of the issue sequence, a pull request's issue too), or the pull request's id for a
  // PullRequest (another sequence); and where it lives.
  readonly id: number;
  readonly repositoryId: number;
  readonly number: number;
}

export type ProjectCardCreated = DomainEvent<
  'ProjectCardCreated',
  {
    readonly projectId: number;
    readonly columnId: number;
    readonly cardId: number;
    readonly note: string | null;
    readonly content: CardContent | null;
    readonly creatorId: number;
    readonly createdAt: string;
  }
>;
export type ProjectCardUpdated = DomainEvent<
  'ProjectCardUpdated',
  {
    readonly projectId: number;
    readonly cardId: number;
    readonly changes: { readonly note?: string | null; readonly archived?: boolean };
    readonly previous: { readonly note?: string | null; readonly archived?: boolean };
    readonly updatedAt: string;
  }
>;
export type ProjectCardMoved = DomainEvent<
  'ProjectCardMoved',
  {
    readonly projectId: number;
    readonly cardId: number;
    readonly fromColumnId: number;
    readonly toColumnId: number;
    readonly afterCardId: number | null;
    readonly movedAt: string;
  }
>;
export type ProjectCardDeleted = DomainEvent<
  'ProjectCardDeleted',
  { readonly projectId: number; readonly cardId: number; readonly columnId: number; readonly deletedAt: string }
>;

export type ProjectEvent =
  | ProjectCreated
  | ProjectUpdated
  | ProjectDeleted
  | ProjectCollaboratorSet
  | ProjectCollaboratorRemoved
  | ProjectColumnCreated
  | ProjectColumnRenamed
  | ProjectColumnMoved
  | ProjectColumnDeleted
  | ProjectCardCreated
  | ProjectCardUpdated
  | ProjectCardMoved
  | ProjectCardDeleted;

export const PROJECT_EVENT_TYPES: ReadonlySet<string> = new Set<ProjectEvent['type']>([
  'ProjectCreated',
  'ProjectUpdated',
  'ProjectDeleted',
  'ProjectCollaboratorSet',
  'ProjectCollaboratorRemoved',
  'ProjectColumnCreated',
  'ProjectColumnRenamed',
  'ProjectColumnMoved',
  'ProjectColumnDeleted',
  'ProjectCardCreated',
  'ProjectCardUpdated',
  'ProjectCardMoved',
  'ProjectCardDeleted',
]);

export const projectStream = (projectId: number): string => `project-${projectId}`;
