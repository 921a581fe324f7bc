import { expect } from 'chai';
import type { Projection } from '../../../application/shared/projections/projection.js';
import { usersProjection } from '../../../projections/accounts/users.projection.js';
import { repositoriesProjection } from '../../../projections/repositories/repositories.projection.js';
import { expectIdempotent, repositoryCreatedEvent, repositoryVisibilityEvent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-22T11:00:00.000Z';
const created = (repositoryId: number, ownerId: number, name: string, fork: { parentId: number; sourceId: number } | null = null) =>
  repositoryCreatedEvent(repositoryId, ownerId, { name, fork });

describe('repositories projection', () => {
  it('applied twice leaves the same repositories, with counters recounted', async () => {
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'Hello'),
      created(2, 11, 'Hello', { parentId: 1, sourceId: 1 }),
      storedEvent('stargazer-1-11', 0, 'RepositoryStarred', { repositoryId: 1, userId: 11, starredAt: at }),
      storedEvent('stargazer-1-12', 0, 'RepositoryStarred', { repositoryId: 1, userId: 12, starredAt: at }),
      storedEvent('watcher-1-11', 0, 'RepositorySubscriptionSet', { repositoryId: 1, userId: 11, subscribed: true, ignored: false, createdAt: at }),
      storedEvent('watcher-1-12', 0, 'RepositorySubscriptionSet', { repositoryId: 1, userId: 12, subscribed: false, ignored: true, createdAt: at }),
      storedEvent('stargazer-1-12', 1, 'RepositoryUnstarred', { repositoryId: 1, userId: 12, unstarredAt: later }),
      storedEvent('repository-1', 1, 'RepositoryEdited', { repositoryId: 1, changes: { description: 'd', hasWiki: false }, editedAt: later }),
      storedEvent('repository-1', 2, 'RepositoryTopicsReplaced', { repositoryId: 1, names: ['git'], replacedAt: later }),
      storedEvent('repository-1', 3, 'RepositoryArchived', { repositoryId: 1, archivedAt: later }),
    ]);
    const [parent, fork] = dump.repositories as Record<string, unknown>[];
    expect(parent).to.include({
      id: 1,
      name_key: 'hello',
      description: 'd',
      has_wiki: false,
      archived: true,
      forks_count: 1,
      stargazers_count: 1,
      subscribers_count: 1,
      updated_at: later,
    });
    expect(parent!.topics).to.deep.equal(['git']);
    expect(fork).to.include({ id: 2, fork: true, parent_id: 1, source_id: 1 });
    expect(dump.repository_subscriptions).to.have.length(2);
  });

  it("stars carry their repository's visibility, and follow it when it changes", async () => {
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'one'),
      created(2, 10, 'two'),
      storedEvent('stargazer-1-11', 0, 'RepositoryStarred', { repositoryId: 1, userId: 11, starredAt: at }),
      storedEvent('stargazer-2-11', 0, 'RepositoryStarred', { repositoryId: 2, userId: 11, starredAt: at }),
      storedEvent('repository-1', 1, 'RepositoryEdited', { repositoryId: 1, changes: { private: true }, editedAt: later }),
      storedEvent('stargazer-1-12', 0, 'RepositoryStarred', { repositoryId: 1, userId: 12, starredAt: later }),
      storedEvent('repository-2', 1, 'RepositoryEdited', { repositoryId: 2, changes: { description: 'still public' }, editedAt: later }),
    ]);
    const visibility = Object.fromEntries((dump.repository_stars as Record<string, unknown>[]).map((star) => [star._id, star.private]));
    expect(visibility).to.deep.equal({ '1:11': true, '1:12': true, '2:11': false });
  });

  it("stars carry their repository's pushed_at, and follow its pushes (GitHub's sort=updated of a user's stars)", async () => {
    const pushed = storedEvent('ref-1-refs/heads/main', 1, 'RefUpdated', {
      repositoryId: 1,
      ref: 'refs/heads/main',
      from: 'a'.repeat(40),
      to: 'b'.repeat(40),
      forced: false,
    });
    const deleted = storedEvent('ref-2-refs/heads/gone', 1, 'RefDeleted', {
      repositoryId: 2,
      ref: 'refs/heads/gone',
      from: 'a'.repeat(40),
      to: null,
      forced: false,
    });
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'one'),
      created(2, 10, 'two'),
      storedEvent('stargazer-1-11', 0, 'RepositoryStarred', { repositoryId: 1, userId: 11, starredAt: at }),
      storedEvent('stargazer-2-11', 0, 'RepositoryStarred', { repositoryId: 2, userId: 11, starredAt: at }),
      { ...pushed, metadata: { ...pushed.metadata, occurredAt: later } },
      // A deletion moves no ref to a commit: pushed_at stays.
      { ...deleted, metadata: { ...deleted.metadata, occurredAt: later } },
      storedEvent('stargazer-1-12', 0, 'RepositoryStarred', { repositoryId: 1, userId: 12, starredAt: later }),
    ]);
    const repositoryPushedAt = Object.fromEntries((dump.repositories as Record<string, unknown>[]).map((repository) => [repository.id, repository.pushed_at]));
    expect(repositoryPushedAt[1]).to.equal(later);
    expect(repositoryPushedAt[2]).to.not.equal(later);
    const pushedAt = Object.fromEntries((dump.repository_stars as Record<string, unknown>[]).map((star) => [star._id, star.pushed_at]));
    expect(pushedAt).to.deep.equal({ '1:11': later, '1:12': later, '2:11': repositoryPushedAt[2] });
  });

  it("stars carry their repository's owner and forks their parent's, and follow a transfer", async () => {
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'one'),
      created(2, 10, 'two'),
      created(3, 11, 'one', { parentId: 1, sourceId: 1 }),
      created(4, 11, 'two', { parentId: 2, sourceId: 2 }),
      storedEvent('stargazer-1-11', 0, 'RepositoryStarred', { repositoryId: 1, userId: 11, starredAt: at }),
      storedEvent('stargazer-2-11', 0, 'RepositoryStarred', { repositoryId: 2, userId: 11, starredAt: at }),
      storedEvent('repository-1', 1, 'RepositoryTransferred', {
        repositoryId: 1,
        fromOwnerId: 10,
        fromName: 'one',
        toOwnerId: 20,
        toOwnerType: 'Organization',
        toName: 'one',
        transferredAt: later,
      }),
      storedEvent('stargazer-1-12', 0, 'RepositoryStarred', { repositoryId: 1, userId: 12, starredAt: later }),
    ]);
    const owners = Object.fromEntries((dump.repository_stars as Record<string, unknown>[]).map((star) => [star._id, star.owner_id]));
    expect(owners).to.deep.equal({ '1:11': 20, '1:12': 20, '2:11': 10 });
    const parentOwners = Object.fromEntries((dump.repositories as Record<string, unknown>[]).map((repository) => [repository.id, repository.parent_owner_id]));
    expect(parentOwners).to.deep.equal({ 1: null, 2: null, 3: 20, 4: 10 });
  });

  it('forks of a private source name its owner, follow its transfers, and leave its network when it is made public', async () => {
    const privately = (repositoryId: number, ownerId: number, fork: { parentId: number; sourceId: number } | null) =>
      repositoryCreatedEvent(repositoryId, ownerId, { isPrivate: true, fork });
    const dump = await expectIdempotent(repositoriesProjection, [
      privately(1, 10, null),
      privately(2, 11, { parentId: 1, sourceId: 1 }),
      privately(3, 12, { parentId: 2, sourceId: 1 }),
      created(4, 10, 'public'),
      created(5, 11, 'public', { parentId: 4, sourceId: 4 }),
      privately(6, 10, null),
      privately(7, 11, { parentId: 6, sourceId: 6 }),
      storedEvent('repository-1', 1, 'RepositoryTransferred', {
        repositoryId: 1,
        fromOwnerId: 10,
        fromName: 'r1',
        toOwnerId: 20,
        toOwnerType: 'Organization',
        toName: 'r1',
        transferredAt: later,
      }),
      repositoryVisibilityEvent(6, false),
    ]);
    const upstreams = Object.fromEntries(
      (dump.repositories as Record<string, unknown>[]).map((repository) => [repository.id, [repository.upstream_owner_id, repository.upstream_owner_type]]),
    );
    expect(upstreams).to.deep.equal({
      1: [null, null],
      2: [20, 'Organization'],
      3: [20, 'Organization'],
      4: [null, null],
      5: [null, null],
      6: [null, null],
      7: [null, null],
    });
  });

  it('keeps redirects for old names, drops the one a live repository takes back', async () => {
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'old'),
      storedEvent('repository-1', 1, 'RepositoryRenamed', { repositoryId: 1, ownerId: 10, fromName: 'old', toName: 'New', renamedAt: later }),
      storedEvent('repository-1', 2, 'RepositoryTransferred', {
        repositoryId: 1,
        fromOwnerId: 10,
        fromName: 'New',
        toOwnerId: 20,
        toOwnerType: 'Organization',
        toName: 'New',
        transferredAt: later,
      }),
      created(2, 10, 'old'),
    ]);
    expect(dump.repository_redirects).to.deep.equal([{ _id: '10:new', owner_id: 10, name_key: 'new', repository_id: 1 }]);
    expect(dump.repositories![0]).to.include({ owner_id: 20, owner_type: 'Organization', name: 'New' });
  });

  it('a case-only rename leaves no redirect', async () => {
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'hello'),
      storedEvent('repository-1', 1, 'RepositoryRenamed', { repositoryId: 1, ownerId: 10, fromName: 'hello', toName: 'Hello', renamedAt: later }),
    ]);
    expect(dump.repository_redirects ?? []).to.deep.equal([]);
  });

  it('collaborators are added, changed and removed; a deletion takes everything of the repository', async () => {
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'parent'),
      created(2, 10, 'doomed', { parentId: 1, sourceId: 1 }),
      storedEvent('repository-2', 1, 'CollaboratorAdded', { repositoryId: 2, userId: 11, permission: 'pull', invitationId: 5, addedAt: at }),
      storedEvent('repository-2', 2, 'CollaboratorPermissionChanged', { repositoryId: 2, userId: 11, permission: 'admin', changedAt: later }),
      storedEvent('repository-1', 1, 'CollaboratorAdded', { repositoryId: 1, userId: 12, permission: 'push', invitationId: 6, addedAt: at }),
      storedEvent('repository-1', 2, 'CollaboratorRemoved', { repositoryId: 1, userId: 12, removedAt: later }),
      storedEvent('stargazer-2-11', 0, 'RepositoryStarred', { repositoryId: 2, userId: 11, starredAt: at }),
      storedEvent('repository-2', 3, 'RepositoryRenamed', { repositoryId: 2, ownerId: 10, fromName: 'doomed', toName: 'gone', renamedAt: later }),
      storedEvent('repository-2', 4, 'RepositoryDeleted', { repositoryId: 2, ownerId: 10, name: 'gone', deletedAt: later }),
      storedEvent('stargazer-2-12', 0, 'RepositoryStarred', { repositoryId: 2, userId: 12, starredAt: later }),
    ]);
    expect((dump.repositories as { id: number }[]).map((repository) => repository.id)).to.deep.equal([1]);
    expect(dump.repositories![0]).to.include({ forks_count: 0 });
    for (const collection of ['repository_collaborators', 'repository_stars', 'repository_redirects'])
      expect(dump[collection] ?? [], collection).to.deep.equal([]);
  });

  it('a transfer to a collaborator ends that collaboration; a deleted user collaborates on nothing', async () => {
    const dump = await expectIdempotent(repositoriesProjection, [
      created(1, 10, 'one'),
      created(2, 10, 'two'),
      storedEvent('repository-1', 1, 'CollaboratorAdded', { repositoryId: 1, userId: 11, permission: 'push', invitationId: 5, addedAt: at }),
      storedEvent('repository-1', 2, 'CollaboratorAdded', { repositoryId: 1, userId: 12, permission: 'push', invitationId: 6, addedAt: at }),
      storedEvent('repository-2', 1, 'CollaboratorAdded', { repositoryId: 2, userId: 12, permission: 'pull', invitationId: 7, addedAt: at }),
      storedEvent('repository-2', 2, 'CollaboratorAdded', { repositoryId: 2, userId: 13, permission: 'pull', invitationId: 8, addedAt: at }),
      storedEvent('repository-1', 3, 'RepositoryTransferred', {
        repositoryId: 1,
        fromOwnerId: 10,
        fromName: 'one',
        toOwnerId: 11,
        toOwnerType: 'User',
        toName: 'one',
        transferredAt: later,
      }),
      storedEvent('user-12', 3, 'UserDeleted', { userId: 12, deletedAt: later }),
    ]);
    expect((dump.repository_collaborators as { _id: string }[]).map((collaborator) => collaborator._id)).to.deep.equal(['2:13']);
  });

  it("collaborations carry their repository's visibility and sort keys, and follow its pushes, edits, renames, transfers and its owner's renames", async () => {
    // The users projection first, as in the lane: the owners' logins are its.
    const withUsers: Projection = {
      ...repositoriesProjection,
      async apply(event, target) {
        if (usersProjection.eventTypes?.has(event.type)) await usersProjection.apply(event, target);
        await repositoriesProjection.apply(event, target);
      },
    };
    const user = (userId: number, login: string) =>
      storedEvent(`user-${userId}`, 0, 'UserCreated', { userId, login, email: null, name: null, siteAdmin: false, passwordHash: null, createdAt: at });
    const collaborator = (repositoryId: number, userId: number, revision: number) =>
      storedEvent(`repository-${repositoryId}`, revision, 'CollaboratorAdded', {
        repositoryId,
        userId,
        permission: 'push',
        invitationId: revision,
        addedAt: at,
      });
    const pushed = storedEvent('ref-1-refs/heads/main', 1, 'RefUpdated', {
      repositoryId: 1,
      ref: 'refs/heads/main',
      from: 'a'.repeat(40),
      to: 'b'.repeat(40),
      forced: false,
    });
    const pushedAt = '2026-11-22T12:00:00.000Z';
    const dump = await expectIdempotent(withUsers, [
      user(10, 'Alice'),
      user(11, 'bob'),
      user(12, 'carol'),
      user(20, 'Dora'),
      created(1, 10, 'One'),
      created(2, 10, 'two'),
      created(3, 20, 'three'),
      collaborator(1, 11, 1),
      collaborator(2, 11, 1),
      collaborator(2, 12, 2),
      collaborator(3, 12, 1),
      { ...pushed, metadata: { ...pushed.metadata, occurredAt: pushedAt } },
      storedEvent('repository-2', 3, 'RepositoryEdited', { repositoryId: 2, changes: { private: true }, editedAt: later }),
      storedEvent('repository-1', 2, 'RepositoryRenamed', { repositoryId: 1, ownerId: 10, fromName: 'One', toName: 'Uno', renamedAt: later }),
      storedEvent('user-10', 1, 'UserRenamed', { userId: 10, previousLogin: 'Alice', login: 'Alicia', renamedAt: later }),
      storedEvent('repository-2', 4, 'RepositoryTransferred', {
        repositoryId: 2,
        fromOwnerId: 10,
        fromName: 'two',
        toOwnerId: 20,
        toOwnerType: 'User',
        toName: 'Deux',
        transferredAt: '2026-11-22T13:00:00.000Z',
      }),
      storedEvent('repository-3', 2, 'RepositoryArchived', { repositoryId: 3, archivedAt: '2026-11-22T14:00:00.000Z' }),
    ]);
    const keys = (dump.repository_collaborators as Record<string, unknown>[]).map((c) => [
      c._id,
      c.private,
      c.repository_created_at,
      c.repository_updated_at,
      c.repository_pushed_at,
      c.full_name_key,
    ]);
    expect(keys).to.deep.equal([
      ['1:11', false, at, later, pushedAt, 'alicia/uno'],
      ['2:11', true, at, '2026-11-22T13:00:00.000Z', at, 'dora/deux'],
      ['2:12', true, at, '2026-11-22T13:00:00.000Z', at, 'dora/deux'],
      ['3:12', false, at, '2026-11-22T14:00:00.000Z', at, 'dora/three'],
    ]);
    // Each as its repository's own document and its owner's login give them.
    const repositories = new Map((dump.repositories as Record<string, unknown>[]).map((repository) => [repository.id, repository]));
    const logins = new Map((dump.users as Record<string, unknown>[]).map((account) => [account.id, account.login as string]));
    for (const c of dump.repository_collaborators as Record<string, unknown>[]) {
      const repository = repositories.get(c.repository_id)!;
      expect(c).to.include({
        private: repository.private,
        repository_updated_at: repository.updated_at,
        repository_pushed_at: repository.pushed_at,
        full_name_key: `${logins.get(repository.owner_id as number)}/${repository.name}`.toLowerCase(),
      });
    }
  });

  it('ignores events it does not know', async () => {
    const dump = await expectIdempotent(repositoriesProjection, [storedEvent('user-1', 0, 'UserCreated', { userId: 1, login: 'x' })]);
    expect(dump.repositories ?? []).to.deep.equal([]);
  });
});
