import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type {
  AcceptInvitation,
  CreateRepository,
  EditRepository,
  RemoveCollaborator,
  RepositoryCommand,
  SetCollaborator,
  TransferRepository,
} from './repository.commands.js';
import type { RepositoryEvent, RepositorySettings } from './repository.events.js';
import { evolve, initialState, type ActiveRepository, type RepositoryState } from './repository.state.js';
import type { RepositoriesError } from './repositories.errors.js';
import { isValidRepositoryName } from './repositoryName.js';
import { normalizeTopics } from './topics.js';

type Decision = Either<RepositoriesError, readonly RepositoryEvent[]>;

export function decide(command: RepositoryCommand, state: RepositoryState): Decision {
  if (command.type === 'CreateRepository') return create(command, state);
  if (state.status !== 'active') return left({ _tag: 'RepositoryNotFound' });
  const at = command.now.toISOString();
  switch (command.type) {
    case 'EditRepository':
      return edit(command, state);
    case 'RenameRepository':
      if (!isValidRepositoryName(command.name)) return left({ _tag: 'InvalidRepositoryName', name: command.name, problem: 'reserved' });
      if (command.name === state.name) return right([]);
      return right([
        {
          type: 'RepositoryRenamed',
          data: { repositoryId: state.repositoryId, ownerId: state.ownerId, fromName: state.name, toName: command.name, renamedAt: at },
        },
      ]);
    case 'TransferRepository':
      return transfer(command, state);
    case 'ReplaceTopics':
      return replaceTopics(command.names, at, state);
    case 'DeleteRepository':
      return right([{ type: 'RepositoryDeleted', data: { repositoryId: state.repositoryId, ownerId: state.ownerId, name: state.name, deletedAt: at } }]);
    case 'SetCollaborator':
      return setCollaborator(command, state);
    case 'RemoveCollaborator':
      return removeCollaborator(command, state);
    case 'AcceptInvitation':
      return acceptInvitation(command, state);
    case 'DeclineInvitation': {
      const invitation = state.invitations[command.invitationId];
      if (!invitation || invitation.inviteeId !== command.userId) return left({ _tag: 'RepositoryInvitationNotFound' });
      return right([
        {
          type: 'RepositoryInvitationDeclined',
          data: { repositoryId: state.repositoryId, invitationId: command.invitationId, inviteeId: command.userId, declinedAt: at },
        },
      ]);
    }
    case 'DeleteInvitation':
      if (!state.invitations[command.invitationId]) return left({ _tag: 'RepositoryInvitationNotFound' });
      return right([{ type: 'RepositoryInvitationDeleted', data: { repositoryId: state.repositoryId, invitationId: command.invitationId, deletedAt: at } }]);
    case 'UpdateInvitation': {
      const invitation = state.invitations[command.invitationId];
      if (!invitation) return left({ _tag: 'RepositoryInvitationNotFound' });
      if (invitation.permission === command.permission) return right([]);
      return right([
        {
          type: 'RepositoryInvitationUpdated',
          data: { repositoryId: state.repositoryId, invitationId: command.invitationId, permission: command.permission, updatedAt: at },
        },
      ]);
    }
  }
}

// GitHub's limit on a repository's description.
export const MAX_DESCRIPTION_LENGTH = 350;

function descriptionTooLong(description: string | null | undefined): Decision | null {
  return typeof description === 'string' && [...description].length > MAX_DESCRIPTION_LENGTH
    ? left({ _tag: 'RepositoryFieldTooLong', field: 'description', maximumLength: MAX_DESCRIPTION_LENGTH })
    : null;
}

function create(command: CreateRepository, state: RepositoryState): Decision {
  if (state.status !== 'absent') return left({ _tag: 'RepositoryAlreadyExists', repositoryId: command.repositoryId });
  const tooLong = descriptionTooLong(command.settings.description);
  if (tooLong) return tooLong;
  if (!isValidRepositoryName(command.name)) return left({ _tag: 'InvalidRepositoryName', name: command.name, problem: 'reserved' });
  const { repositoryId, ownerId, ownerType, name, settings, fork, initialCommit } = command;
  return right([
    { type: 'RepositoryCreated', data: { repositoryId, ownerId, ownerType, name, ...settings, fork, initialCommit, createdAt: command.now.toISOString() } },
  ]);
}

// Only what differs is recorded; an edit that changes nothing writes nothing. Unarchiving
// comes first and archiving last, so the edit never lands on a read-only repository.
function edit(command: EditRepository, state: ActiveRepository): Decision {
  const tooLong = descriptionTooLong(command.changes.description);
  if (tooLong) return tooLong;
  const at = command.now.toISOString();
  const changes: Partial<Record<keyof RepositorySettings, unknown>> = {};
  for (const [field, value] of Object.entries(command.changes) as [keyof RepositorySettings, unknown][]) {
    if (value !== undefined && state.settings[field] !== value) changes[field] = value;
  }
  const events: RepositoryEvent[] = [];
  if (command.archived === false && state.archived) events.push({ type: 'RepositoryUnarchived', data: { repositoryId: state.repositoryId, unarchivedAt: at } });
  if (Object.keys(changes).length > 0) {
    events.push({ type: 'RepositoryEdited', data: { repositoryId: state.repositoryId, changes: changes as Partial<RepositorySettings>, editedAt: at } });
  }
  if (command.archived === true && !state.archived) events.push({ type: 'RepositoryArchived', data: { repositoryId: state.repositoryId, archivedAt: at } });
  return right(events);
}

function transfer(command: TransferRepository, state: ActiveRepository): Decision {
  if (!isValidRepositoryName(command.toName)) return left({ _tag: 'InvalidRepositoryName', name: command.toName, problem: 'reserved' });
  if (command.toOwnerId === state.ownerId && command.toName === state.name) return right([]);
  const data = {
    repositoryId: state.repositoryId,
    fromOwnerId: state.ownerId,
    fromName: state.name,
    toOwnerId: command.toOwnerId,
    toOwnerType: command.toOwnerType,
    toName: command.toName,
    transferredAt: command.now.toISOString(),
  };
  return right([{ type: 'RepositoryTransferred', data }]);
}

function replaceTopics(requested: readonly string[], at: string, state: ActiveRepository): Decision {
  const normalized = normalizeTopics(requested);
  if (normalized._tag === 'Left') {
    const problem = normalized.left;
    return left(problem.kind === 'invalid' ? { _tag: 'InvalidTopics', names: problem.names } : { _tag: 'TooManyTopics', count: problem.count });
  }
  const names = normalized.right;
  if (names.length === state.topics.length && names.every((name, index) => state.topics[index] === name)) return right([]);
  return right([{ type: 'RepositoryTopicsReplaced', data: { repositoryId: state.repositoryId, names, replacedAt: at } }]);
}

// GitHub: the owner is never a collaborator of their own repository. A collaborator's
// permission changes at once; anyone else is invited (a pending invitation for them is
// updated instead of doubled), except a member of the owning organization, added directly.
function setCollaborator(command: SetCollaborator, state: ActiveRepository): Decision {
  if (state.ownerType === 'User' && command.userId === state.ownerId) return left({ _tag: 'OwnerCannotBeCollaborator' });
  const current = state.collaborators[command.userId];
  const at = command.now.toISOString();
  const { repositoryId } = state;
  if (current === command.permission) return right([]);
  if (current !== undefined) {
    return right([{ type: 'CollaboratorPermissionChanged', data: { repositoryId, userId: command.userId, permission: command.permission, changedAt: at } }]);
  }
  if (command.directly) {
    return right([{ type: 'CollaboratorAdded', data: { repositoryId, userId: command.userId, permission: command.permission, invitationId: 0, addedAt: at } }]);
  }
  const pending = Object.entries(state.invitations).find(([, invitation]) => invitation.inviteeId === command.userId);
  if (pending) {
    const [invitationId, invitation] = pending;
    if (invitation.permission === command.permission) return right([]);
    return right([
      { type: 'RepositoryInvitationUpdated', data: { repositoryId, invitationId: Number(invitationId), permission: command.permission, updatedAt: at } },
    ]);
  }
  const data = {
    repositoryId,
    invitationId: command.invitationId,
    inviteeId: command.userId,
    inviterId: command.inviterId,
    permission: command.permission,
    invitedAt: at,
  };
  return right([{ type: 'CollaboratorInvited', data }]);
}

// Only the invitee accepts; the collaboration starts with the invitation's permission.
function acceptInvitation(command: AcceptInvitation, state: ActiveRepository): Decision {
  const invitation = state.invitations[command.invitationId];
  if (!invitation || invitation.inviteeId !== command.userId) return left({ _tag: 'RepositoryInvitationNotFound' });
  const at = command.now.toISOString();
  const { repositoryId } = state;
  const accepted: RepositoryEvent = {
    type: 'RepositoryInvitationAccepted',
    data: { repositoryId, invitationId: command.invitationId, inviteeId: command.userId, acceptedAt: at },
  };
  if (state.ownerType === 'User' && command.userId === state.ownerId) return right([accepted]);
  const current = state.collaborators[command.userId];
  if (current === invitation.permission) return right([accepted]);
  if (current !== undefined)
    return right([
      accepted,
      { type: 'CollaboratorPermissionChanged', data: { repositoryId, userId: command.userId, permission: invitation.permission, changedAt: at } },
    ]);
  return right([
    accepted,
    {
      type: 'CollaboratorAdded',
      data: { repositoryId, userId: command.userId, permission: invitation.permission, invitationId: command.invitationId, addedAt: at },
    },
  ]);
}

// Removing someone also withdraws their pending invitation, as GitHub's endpoint "cancels any
// outstanding invitations": left pending, it would grant the access the administrator just
// took away once the invitee accepted it. Removing someone who is neither a collaborator nor
// invited changes nothing; GitHub answers 204 all the same.
function removeCollaborator(command: RemoveCollaborator, state: ActiveRepository): Decision {
  const at = command.now.toISOString();
  const { repositoryId } = state;
  const withdrawn: RepositoryEvent[] = Object.entries(state.invitations)
    .filter(([, invitation]) => invitation.inviteeId === command.userId)
    .map(([invitationId]) => ({ type: 'RepositoryInvitationDeleted', data: { repositoryId, invitationId: Number(invitationId), deletedAt: at } }));
  if (state.collaborators[command.userId] === undefined) return right(withdrawn);
  return right([...withdrawn, { type: 'CollaboratorRemoved', data: { repositoryId, userId: command.userId, removedAt: at } }]);
}

// A repository's stream holds its collaborators and invitations over the years: snapshotted
// (bump with evolve's meaning or the state's shape).
export const repositoryDecider: Decider<RepositoryCommand, RepositoryState, RepositoryEvent, RepositoriesError> = {
  initialState,
  evolve,
  decide,
  snapshot: { name: 'repository', version: 1 },
};
export const repositoryStream = (repositoryId: number): string => `repository-${repositoryId}`;
