import { repositoryDecider } from '../../../domain/repositories/repository.decider.js';
import type { CreateRepository } from '../../../domain/repositories/repository.commands.js';
import type { RepositoryCreated, RepositoryEvent } from '../../../domain/repositories/repository.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = '2026-11-22T10:00:00.000Z';
const settings = { description: null, homepage: null, private: false, hasIssues: true, hasProjects: true, hasWiki: true, defaultBranch: 'main' };
const create: CreateRepository = {
  type: 'CreateRepository',
  repositoryId: 9,
  ownerId: 2,
  ownerType: 'User',
  name: 'hello',
  settings,
  fork: null,
  initialCommit: null,
  now,
};
const created: RepositoryCreated = {
  type: 'RepositoryCreated',
  data: { repositoryId: 9, ownerId: 2, ownerType: 'User', name: 'hello', ...settings, fork: null, initialCommit: null, createdAt: at },
};
const deleted: RepositoryEvent = { type: 'RepositoryDeleted', data: { repositoryId: 9, ownerId: 2, name: 'hello', deletedAt: at } };

describe('repository decider', () => {
  const spec = deciderSpec(repositoryDecider);

  it('creates a repository with the id, owner and time the command carries', () => {
    spec.given([]).when(create).then([created]);
  });

  it('refuses to create it twice, and a name that is not normalized', () => {
    spec.given([created]).when(create).thenFails('RepositoryAlreadyExists');
    spec
      .given([])
      .when({ ...create, name: 'has space' })
      .thenFails('InvalidRepositoryName');
  });

  it('refuses every command on an absent or deleted repository', () => {
    spec.given([]).when({ type: 'DeleteRepository', now }).thenFails('RepositoryNotFound');
    spec.given([created, deleted]).when({ type: 'RenameRepository', name: 'x', now }).thenFails('RepositoryNotFound');
  });

  it('records only the settings that change, and nothing when none does', () => {
    spec
      .given([created])
      .when({ type: 'EditRepository', changes: { description: 'new', hasWiki: true, private: false }, now })
      .then([{ type: 'RepositoryEdited', data: { repositoryId: 9, changes: { description: 'new' }, editedAt: at } }]);
    spec
      .given([created])
      .when({ type: 'EditRepository', changes: { hasIssues: true }, archived: false, now })
      .then([]);
  });

  it('unarchives before an edit and archives after it', () => {
    const archived: RepositoryEvent = { type: 'RepositoryArchived', data: { repositoryId: 9, archivedAt: at } };
    spec
      .given([created, archived])
      .when({ type: 'EditRepository', changes: { description: 'd' }, archived: false, now })
      .then([
        { type: 'RepositoryUnarchived', data: { repositoryId: 9, unarchivedAt: at } },
        { type: 'RepositoryEdited', data: { repositoryId: 9, changes: { description: 'd' }, editedAt: at } },
      ]);
    spec
      .given([created])
      .when({ type: 'EditRepository', changes: { description: 'd' }, archived: true, now })
      .then([{ type: 'RepositoryEdited', data: { repositoryId: 9, changes: { description: 'd' }, editedAt: at } }, archived]);
  });

  it('renames (a no-op for the same name) and transfers with the old owner and name recorded', () => {
    spec.given([created]).when({ type: 'RenameRepository', name: 'hello', now }).then([]);
    spec
      .given([created])
      .when({ type: 'RenameRepository', name: 'world', now })
      .then([{ type: 'RepositoryRenamed', data: { repositoryId: 9, ownerId: 2, fromName: 'hello', toName: 'world', renamedAt: at } }]);
    spec
      .given([created])
      .when({ type: 'TransferRepository', toOwnerId: 5, toOwnerType: 'Organization', toName: 'hello', now })
      .then([
        {
          type: 'RepositoryTransferred',
          data: { repositoryId: 9, fromOwnerId: 2, fromName: 'hello', toOwnerId: 5, toOwnerType: 'Organization', toName: 'hello', transferredAt: at },
        },
      ]);
  });

  it('replaces topics in lowercase, once each; refuses invalid ones and more than 20', () => {
    spec
      .given([created])
      .when({ type: 'ReplaceTopics', names: ['Atom', 'atom', 'git'], now })
      .then([{ type: 'RepositoryTopicsReplaced', data: { repositoryId: 9, names: ['atom', 'git'], replacedAt: at } }]);
    spec.given([created]).when({ type: 'ReplaceTopics', names: [], now }).then([]);
    spec
      .given([created])
      .when({ type: 'ReplaceTopics', names: ['-x'], now })
      .thenFails('InvalidTopics');
    spec
      .given([created])
      .when({ type: 'ReplaceTopics', names: Array.from({ length: 21 }, (_, i) => `t${i}`), now })
      .thenFails('TooManyTopics');
  });

  it('adds a collaborator directly (an organization member), changes the permission, removes; never the owner', () => {
    const added: RepositoryEvent = { type: 'CollaboratorAdded', data: { repositoryId: 9, userId: 3, permission: 'pull', invitationId: 0, addedAt: at } };
    const set = { type: 'SetCollaborator', inviterId: 2, directly: true, now } as const;
    spec
      .given([created])
      .when({ ...set, userId: 3, permission: 'pull', invitationId: 1 })
      .then([added]);
    spec
      .given([created, added])
      .when({ ...set, userId: 3, permission: 'pull', invitationId: 2 })
      .then([]);
    spec
      .given([created, added])
      .when({ ...set, userId: 3, permission: 'admin', invitationId: 2, directly: false })
      .then([{ type: 'CollaboratorPermissionChanged', data: { repositoryId: 9, userId: 3, permission: 'admin', changedAt: at } }]);
    spec
      .given([created, added])
      .when({ type: 'RemoveCollaborator', userId: 3, now })
      .then([{ type: 'CollaboratorRemoved', data: { repositoryId: 9, userId: 3, removedAt: at } }]);
    spec.given([created]).when({ type: 'RemoveCollaborator', userId: 3, now }).then([]);
    spec
      .given([created])
      .when({ ...set, userId: 2, permission: 'push', invitationId: 1 })
      .thenFails('OwnerCannotBeCollaborator');
  });

  it('invites anyone else; only the invitee accepts or declines, an administrator updates or withdraws', () => {
    const invited: RepositoryEvent = {
      type: 'CollaboratorInvited',
      data: { repositoryId: 9, invitationId: 5, inviteeId: 3, inviterId: 2, permission: 'push', invitedAt: at },
    };
    const invite = { type: 'SetCollaborator', userId: 3, permission: 'push', invitationId: 5, inviterId: 2, directly: false, now } as const;
    spec.given([created]).when(invite).then([invited]);
    // Inviting again updates the pending invitation instead of making a second one.
    spec
      .given([created, invited])
      .when({ ...invite, invitationId: 6 })
      .then([]);
    spec
      .given([created, invited])
      .when({ ...invite, permission: 'admin', invitationId: 6 })
      .then([{ type: 'RepositoryInvitationUpdated', data: { repositoryId: 9, invitationId: 5, permission: 'admin', updatedAt: at } }]);
    spec
      .given([created, invited])
      .when({ type: 'AcceptInvitation', invitationId: 5, userId: 3, now })
      .then([
        { type: 'RepositoryInvitationAccepted', data: { repositoryId: 9, invitationId: 5, inviteeId: 3, acceptedAt: at } },
        { type: 'CollaboratorAdded', data: { repositoryId: 9, userId: 3, permission: 'push', invitationId: 5, addedAt: at } },
      ]);
    spec.given([created, invited]).when({ type: 'AcceptInvitation', invitationId: 5, userId: 4, now }).thenFails('RepositoryInvitationNotFound');
    spec
      .given([created, invited])
      .when({ type: 'DeclineInvitation', invitationId: 5, userId: 3, now })
      .then([{ type: 'RepositoryInvitationDeclined', data: { repositoryId: 9, invitationId: 5, inviteeId: 3, declinedAt: at } }]);
    const declined: RepositoryEvent = { type: 'RepositoryInvitationDeclined', data: { repositoryId: 9, invitationId: 5, inviteeId: 3, declinedAt: at } };
    spec.given([created, invited, declined]).when({ type: 'AcceptInvitation', invitationId: 5, userId: 3, now }).thenFails('RepositoryInvitationNotFound');
    spec
      .given([created, invited])
      .when({ type: 'DeleteInvitation', invitationId: 5, now })
      .then([{ type: 'RepositoryInvitationDeleted', data: { repositoryId: 9, invitationId: 5, deletedAt: at } }]);
    spec.given([created]).when({ type: 'DeleteInvitation', invitationId: 5, now }).thenFails('RepositoryInvitationNotFound');
    spec.given([created, invited]).when({ type: 'UpdateInvitation', invitationId: 5, permission: 'push', now }).then([]);
  });

  it('removing someone withdraws their pending invitation, which would otherwise still grant access when accepted', () => {
    const invited: RepositoryEvent = {
      type: 'CollaboratorInvited',
      data: { repositoryId: 9, invitationId: 5, inviteeId: 3, inviterId: 2, permission: 'push', invitedAt: at },
    };
    const withdrawn: RepositoryEvent = { type: 'RepositoryInvitationDeleted', data: { repositoryId: 9, invitationId: 5, deletedAt: at } };
    spec.given([created, invited]).when({ type: 'RemoveCollaborator', userId: 3, now }).then([withdrawn]);
    spec.given([created, invited, withdrawn]).when({ type: 'AcceptInvitation', invitationId: 5, userId: 3, now }).thenFails('RepositoryInvitationNotFound');
    // Another user's invitation stays.
    spec.given([created, invited]).when({ type: 'RemoveCollaborator', userId: 4, now }).then([]);
  });
});
