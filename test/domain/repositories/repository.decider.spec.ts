import { repositoryDecider } from '../../../domain/repositories/repository.decider.js';
import type { CreateRepository } from '../../../domain/repositories/repository.commands.js';
import type { RepositoryCreated, RepositoryEvent } from '../../../domain/repositories/repository.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = '2026-11-22T10:00:00.000Z';
const settings = { description: null, homepage: null, private: false, hasIssues: true, hasProjects: true, hasWiki: true, defaultBranch: 'main' };
const create: CreateRepository = { type: 'CreateRepository', repositoryId: 9, ownerId: 2, ownerType: 'User', name: 'hello', settings, fork: null, initialCommit: null, now };
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
    spec.given([]).when({ ...create, name: 'has space' }).thenFails('InvalidRepositoryName');
  });

  it('refuses every command on an absent or deleted repository', () => {
    spec.given([]).when({ type: 'DeleteRepository', now }).thenFails('RepositoryNotFound');
    spec.given([created, deleted]).when({ type: 'RenameRepository', name: 'x', now }).thenFails('RepositoryNotFound');
  });

  it('records only the settings that change, and nothing when none does', () => {
    spec.given([created]).when({ type: 'EditRepository', changes: { description: 'new', hasWiki: true, private: false }, now }).then([
      { type: 'RepositoryEdited', data: { repositoryId: 9, changes: { description: 'new' }, editedAt: at } },
    ]);
    spec.given([created]).when({ type: 'EditRepository', changes: { hasIssues: true }, archived: false, now }).then([]);
  });

  it('unarchives before an edit and archives after it', () => {
    const archived: RepositoryEvent = { type: 'RepositoryArchived', data: { repositoryId: 9, archivedAt: at } };
    spec.given([created, archived]).when({ type: 'EditRepository', changes: { description: 'd' }, archived: false, now }).then([
      { type: 'RepositoryUnarchived', data: { repositoryId: 9, unarchivedAt: at } },
      { type: 'RepositoryEdited', data: { repositoryId: 9, changes: { description: 'd' }, editedAt: at } },
    ]);
    spec.given([created]).when({ type: 'EditRepository', changes: { description: 'd' }, archived: true, now }).then([
      { type: 'RepositoryEdited', data: { repositoryId: 9, changes: { description: 'd' }, editedAt: at } },
      archived,
    ]);
  });

  it('renames (a no-op for the same name) and transfers with the old owner and name recorded', () => {
    spec.given([created]).when({ type: 'RenameRepository', name: 'hello', now }).then([]);
    spec.given([created]).when({ type: 'RenameRepository', name: 'world', now }).then([
      { type: 'RepositoryRenamed', data: { repositoryId: 9, ownerId: 2, fromName: 'hello', toName: 'world', renamedAt: at } },
    ]);
    spec.given([created]).when({ type: 'TransferRepository', toOwnerId: 5, toOwnerType: 'Organization', toName: 'hello', now }).then([
      { type: 'RepositoryTransferred', data: { repositoryId: 9, fromOwnerId: 2, fromName: 'hello', toOwnerId: 5, toOwnerType: 'Organization', toName: 'hello', transferredAt: at } },
    ]);
  });

  it('replaces topics in lowercase, once each; refuses invalid ones and more than 20', () => {
    spec.given([created]).when({ type: 'ReplaceTopics', names: ['Atom', 'atom', 'git'], now }).then([
      { type: 'RepositoryTopicsReplaced', data: { repositoryId: 9, names: ['atom', 'git'], replacedAt: at } },
    ]);
    spec.given([created]).when({ type: 'ReplaceTopics', names: [], now }).then([]);
    spec.given([created]).when({ type: 'ReplaceTopics', names: ['-x'], now }).thenFails('InvalidTopics');
    spec.given([created]).when({ type: 'ReplaceTopics', names: Array.from({ length: 21 }, (_, i) => `t${i}`), now }).thenFails('TooManyTopics');
  });

  it('adds a collaborator, changes the permission, removes; never the owner', () => {
    const added: RepositoryEvent = { type: 'CollaboratorAdded', data: { repositoryId: 9, userId: 3, permission: 'pull', invitationId: 1, addedAt: at } };
    spec.given([created]).when({ type: 'SetCollaborator', userId: 3, permission: 'pull', invitationId: 1, now }).then([added]);
    spec.given([created, added]).when({ type: 'SetCollaborator', userId: 3, permission: 'pull', invitationId: 2, now }).then([]);
    spec.given([created, added]).when({ type: 'SetCollaborator', userId: 3, permission: 'admin', invitationId: 2, now }).then([
      { type: 'CollaboratorPermissionChanged', data: { repositoryId: 9, userId: 3, permission: 'admin', changedAt: at } },
    ]);
    spec.given([created, added]).when({ type: 'RemoveCollaborator', userId: 3, now }).then([{ type: 'CollaboratorRemoved', data: { repositoryId: 9, userId: 3, removedAt: at } }]);
    spec.given([created]).when({ type: 'RemoveCollaborator', userId: 3, now }).then([]);
    spec.given([created]).when({ type: 'SetCollaborator', userId: 2, permission: 'push', invitationId: 1, now }).thenFails('OwnerCannotBeCollaborator');
  });
});
