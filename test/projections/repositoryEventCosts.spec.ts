import { expect } from 'chai';
import { USERS_COLLECTION } from '../../application/accounts/users.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
} from '../../application/repositories/repositories.readModel.js';
import { liveTarget } from '../../application/shared/projections/projectionTargets.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../infrastructure/shared/search/embeddedSearchIndex.js';
import { usersProjection } from '../../projections/accounts/users.projection.js';
import { repositoriesProjection } from '../../projections/repositories/repositories.projection.js';
import { storedEvent } from '../support/projectionSpec.js';
import { BIG, examinedIn, insertAll, withIndexes } from './eventCostSupport.js';

// A repository's visibility, network, pushes and keys: each event held to what it changes.
describe('event costs of repositories: an event tests what it changes, not the collections it writes', function () {
  it('a repository made private detaches its public forks and theirs, by index, not the 3,000 forks of another', async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, repositoriesProjection.collections);
    const repository = (id: number, parent: number | null, source: number | null, isPrivate = false) => ({
      _id: String(id),
      id,
      owner_id: id,
      private: isPrivate,
      fork: parent !== null,
      parent_id: parent,
      parent_owner_id: parent,
      source_id: source,
      forks_count: 0,
      private_forks_count: 0,
    });
    await insertAll(store, REPOSITORIES_COLLECTION, [
      { ...repository(1, null, null), forks_count: 4, private_forks_count: 1 },
      repository(2, 1, 1),
      repository(3, 1, 1),
      repository(4, 1, 1, true), // a private fork, from when it was private before: it stays
      repository(5, 2, 1), // a fork of a fork: its network is 2's now
      repository(6, 5, 1),
      { ...repository(7, null, null), forks_count: BIG },
      ...Array.from({ length: BIG }, (_, n) => repository(100 + n, 7, 7)),
    ]);
    const before = store.examined(REPOSITORIES_COLLECTION);
    await repositoriesProjection.apply(
      storedEvent('repository-1', 5, 'RepositoryEdited', { repositoryId: 1, changes: { private: true }, editedAt: 'x' }),
      liveTarget(store, new EmbeddedSearchIndex()),
    );
    expect(store.examined(REPOSITORIES_COLLECTION) - before).to.be.at.most(30);
    const read = async (id: number) => (await store.collection(REPOSITORIES_COLLECTION).findOne({ _id: String(id) }))!;
    expect(await read(1)).to.include({ private: true, forks_count: 1 });
    for (const id of [2, 3]) expect(await read(id)).to.include({ fork: false, parent_id: null, source_id: null, detached_from_id: 1 });
    expect(await read(4)).to.include({ fork: true, parent_id: 1, source_id: 1 });
    expect(await read(5)).to.include({ fork: true, parent_id: 2, source_id: 2 });
    expect(await read(6)).to.include({ fork: true, parent_id: 5, source_id: 2 });
    expect(await store.collection(REPOSITORIES_COLLECTION).count({ parent_id: 7, source_id: 7 })).to.equal(BIG);
  });

  it("a push moves its repository's pushed_at and its stars' (sort=updated), by index, not the 3,000 stars of another", async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, repositoriesProjection.collections);
    const early = '2026-01-01T00:00:00.000Z';
    await insertAll(
      store,
      REPOSITORIES_COLLECTION,
      [1, 2].map((id) => ({ _id: String(id), id, owner_id: 9, private: false, pushed_at: early })),
    );
    const star = (repositoryId: number, userId: number) => ({
      _id: `${repositoryId}:${userId}`,
      repository_id: repositoryId,
      user_id: userId,
      private: false,
      pushed_at: early,
    });
    await insertAll(store, REPOSITORY_STARS_COLLECTION, [
      ...Array.from({ length: 10 }, (_, n) => star(1, n + 1)),
      ...Array.from({ length: BIG }, (_, n) => star(2, n + 1)),
    ]);
    const pushed = storedEvent('ref-1-refs/heads/main', 1, 'RefUpdated', {
      repositoryId: 1,
      ref: 'refs/heads/main',
      from: 'a'.repeat(40),
      to: 'b'.repeat(40),
      forced: false,
    });
    const later = '2026-02-01T00:00:00.000Z';
    const before = examinedIn(store, [REPOSITORIES_COLLECTION, REPOSITORY_STARS_COLLECTION]);
    await repositoriesProjection.apply({ ...pushed, metadata: { ...pushed.metadata, occurredAt: later } }, liveTarget(store, new EmbeddedSearchIndex()));
    expect(examinedIn(store, [REPOSITORIES_COLLECTION, REPOSITORY_STARS_COLLECTION]) - before).to.be.at.most(12);
    expect(await store.collection(REPOSITORY_STARS_COLLECTION).count({ repository_id: 1, pushed_at: later })).to.equal(10);
    expect(await store.collection(REPOSITORY_STARS_COLLECTION).count({ repository_id: 2, pushed_at: early })).to.equal(BIG);
  });

  it("a push, an edit, a rename, a transfer move their repository's collaborations' sort keys, an owner's new login its repositories', by index, not the 3,000 collaborations of another", async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, repositoriesProjection.collections);
    await withIndexes(store, usersProjection.collections);
    const early = '2026-01-01T00:00:00.000Z';
    await insertAll(store, USERS_COLLECTION, [
      { _id: '9', id: 9, login: 'nine', login_key: 'nine', type: 'User' },
      { _id: '8', id: 8, login: 'eight', login_key: 'eight', type: 'User' },
    ]);
    // Repository 1 of owner 9 has 10 collaborators; repository 2 of owner 8 has 3,000.
    await insertAll(
      store,
      REPOSITORIES_COLLECTION,
      [1, 2].map((id) => ({
        _id: String(id),
        id,
        owner_id: 10 - id,
        owner_type: 'User',
        name: `r${id}`,
        name_key: `r${id}`,
        private: false,
        created_at: early,
        updated_at: early,
        pushed_at: early,
      })),
    );
    const collaboration = (repositoryId: number, userId: number) => ({
      _id: `${repositoryId}:${userId}`,
      repository_id: repositoryId,
      user_id: userId,
      owner_id: 10 - repositoryId,
      private: false,
      repository_created_at: early,
      repository_updated_at: early,
      repository_pushed_at: early,
      full_name_key: `${repositoryId === 1 ? 'nine' : 'eight'}/r${repositoryId}`,
    });
    await insertAll(store, REPOSITORY_COLLABORATORS_COLLECTION, [
      ...Array.from({ length: 10 }, (_, n) => collaboration(1, n + 1)),
      ...Array.from({ length: BIG }, (_, n) => collaboration(2, n + 1)),
    ]);
    const target = liveTarget(store, new EmbeddedSearchIndex());
    const later = '2026-02-01T00:00:00.000Z';
    const collections = [REPOSITORIES_COLLECTION, REPOSITORY_COLLABORATORS_COLLECTION, USERS_COLLECTION];
    const costOf = async (event: ReturnType<typeof storedEvent>) => {
      const before = examinedIn(store, collections);
      await repositoriesProjection.apply({ ...event, metadata: { ...event.metadata, occurredAt: later } }, target);
      return examinedIn(store, collections) - before;
    };
    const refMoved = { repositoryId: 1, ref: 'refs/heads/main', from: 'a'.repeat(40), to: 'b'.repeat(40), forced: false };
    // The repository, and its 10 collaborations found by index and rewritten.
    expect(await costOf(storedEvent('ref-1-refs/heads/main', 1, 'RefUpdated', refMoved))).to.be.at.most(12);
    expect(await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).count({ repository_id: 1, repository_pushed_at: later })).to.equal(10);
    // The repository, its owner's login, and its 10 collaborations.
    const edited = storedEvent('repository-1', 1, 'RepositoryEdited', { repositoryId: 1, changes: { private: true }, editedAt: later });
    expect(await costOf(edited)).to.be.at.most(25);
    expect(await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).count({ repository_id: 1, private: true, repository_updated_at: later })).to.equal(10);
    const renamed = storedEvent('repository-1', 2, 'RepositoryRenamed', { repositoryId: 1, ownerId: 9, fromName: 'r1', toName: 'Renamed', renamedAt: later });
    expect(await costOf(renamed)).to.be.at.most(25);
    expect(await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).count({ repository_id: 1, full_name_key: 'nine/renamed' })).to.equal(10);
    // Its owner's new login: the collaborations on the owner's repositories, by the owner_id index.
    const ownerRenamed = storedEvent('user-9', 1, 'UserRenamed', { userId: 9, previousLogin: 'nine', login: 'Novem', renamedAt: later });
    expect(await costOf(ownerRenamed)).to.be.at.most(25);
    expect(await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).count({ repository_id: 1, full_name_key: 'novem/renamed' })).to.equal(10);
    const transferred = storedEvent('repository-1', 3, 'RepositoryTransferred', {
      repositoryId: 1,
      fromOwnerId: 9,
      fromName: 'Renamed',
      toOwnerId: 8,
      toOwnerType: 'User',
      toName: 'moved',
      transferredAt: later,
    });
    // The repository and its forks' look-ups, the new owner's collaboration (user 8 collaborated:
    // no longer), its 9 other collaborations moved and rewritten.
    expect(await costOf(transferred)).to.be.at.most(50);
    expect(await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).count({ repository_id: 1, owner_id: 8, full_name_key: 'eight/moved' })).to.equal(9);
    expect(
      await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).count({ repository_id: 2, repository_pushed_at: early, full_name_key: 'eight/r2' }),
    ).to.equal(BIG);
  });

  it('a repository made public detaches its private forks and theirs, by index, not the 3,000 forks of another', async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, repositoriesProjection.collections);
    const repository = (id: number, parent: number | null, source: number | null, isPrivate = true) => ({
      _id: String(id),
      id,
      owner_id: id,
      owner_type: 'User',
      private: isPrivate,
      fork: parent !== null,
      parent_id: parent,
      parent_owner_id: parent,
      source_id: source,
      upstream_owner_id: source,
      upstream_owner_type: source === null ? null : 'User',
      forks_count: 0,
      private_forks_count: 0,
    });
    await insertAll(store, REPOSITORIES_COLLECTION, [
      { ...repository(1, null, null), forks_count: 3, private_forks_count: 2 },
      repository(2, 1, 1),
      repository(3, 1, 1),
      repository(4, 1, 1, false), // a public fork (made public by its owner): it stays
      repository(5, 2, 1), // a fork of a fork: its network is 2's now, read through 2's owner
      repository(6, 5, 1),
      { ...repository(7, null, null), forks_count: BIG, private_forks_count: BIG },
      ...Array.from({ length: BIG }, (_, n) => repository(100 + n, 7, 7)),
    ]);
    const before = store.examined(REPOSITORIES_COLLECTION);
    await repositoriesProjection.apply(
      storedEvent('repository-1', 5, 'RepositoryEdited', { repositoryId: 1, changes: { private: false }, editedAt: 'x' }),
      liveTarget(store, new EmbeddedSearchIndex()),
    );
    expect(store.examined(REPOSITORIES_COLLECTION) - before).to.be.at.most(30);
    const read = async (id: number) => (await store.collection(REPOSITORIES_COLLECTION).findOne({ _id: String(id) }))!;
    expect(await read(1)).to.include({ private: false, forks_count: 1, private_forks_count: 0 });
    for (const id of [2, 3])
      expect(await read(id)).to.include({ private: true, fork: false, parent_id: null, source_id: null, upstream_owner_id: null, detached_from_id: 1 });
    expect(await read(4)).to.include({ fork: true, parent_id: 1, source_id: 1, upstream_owner_id: null });
    expect(await read(5)).to.include({ fork: true, parent_id: 2, source_id: 2, upstream_owner_id: 2 });
    expect(await read(6)).to.include({ fork: true, parent_id: 5, source_id: 2, upstream_owner_id: 2 });
    expect(await store.collection(REPOSITORIES_COLLECTION).count({ parent_id: 7, source_id: 7, upstream_owner_id: 7 })).to.equal(BIG);
  });

  it("a source made public or transferred rewrites its private network's forks, found by index, not every repository", async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, repositoriesProjection.collections);
    const repository = (id: number, owner: number, isPrivate: boolean, source: number | null, upstream: number | null) => ({
      _id: String(id),
      id,
      owner_id: owner,
      owner_type: 'User',
      name: `r${id}`,
      name_key: `r${id}`,
      private: isPrivate,
      fork: source !== null,
      parent_id: source,
      parent_owner_id: source === null ? null : 100 + source,
      source_id: source,
      upstream_owner_id: upstream,
      upstream_owner_type: upstream === null ? null : 'User',
      archived: false,
    });
    // Sources 1 and 2 (private, of users 101 and 102) with three private forks each; 3,000
    // other repositories, every other one a private fork of the one before.
    await insertAll(store, REPOSITORIES_COLLECTION, [
      ...[1, 2].flatMap((source) => [
        repository(source, 100 + source, true, null, null),
        ...[1, 2, 3].map((n) => repository(source * 10 + n, 200 + n, true, source, 100 + source)),
      ]),
      ...Array.from({ length: BIG }, (_, n) => repository(1000 + n, 300 + n, true, n % 2 === 1 ? 999 + n : null, n % 2 === 1 ? 299 + n : null)),
    ]);
    const upstreams = async (source: number) =>
      (await store.collection(REPOSITORIES_COLLECTION).find({ source_id: source })).map((fork) => fork.upstream_owner_id);
    const target = liveTarget(store, new EmbeddedSearchIndex());
    const made = storedEvent('repository-1', 3, 'RepositoryEdited', { repositoryId: 1, changes: { private: false }, editedAt: '2026-01-02T00:00:00Z' });
    let before = store.examined(REPOSITORIES_COLLECTION);
    await repositoriesProjection.apply(made, target);
    // Its three private forks, each looked at a few times (their upstream cleared, then each
    // detached: GitHub makes them standalone), not the 3,000 others.
    expect(store.examined(REPOSITORIES_COLLECTION) - before).to.be.at.most(20);
    // Detached (standalone private repositories), read through no upstream.
    const detached = await store.collection(REPOSITORIES_COLLECTION).find({ detached_from_id: 1 });
    expect(detached.map((fork) => [fork.id, fork.source_id, fork.upstream_owner_id])).to.deep.equal([
      [11, null, null],
      [12, null, null],
      [13, null, null],
    ]);
    const transferred = storedEvent('repository-2', 3, 'RepositoryTransferred', {
      repositoryId: 2,
      fromOwnerId: 102,
      fromName: 'r2',
      toOwnerId: 150,
      toOwnerType: 'User',
      toName: 'r2',
      transferredAt: '2026-01-02T00:00:00Z',
    });
    before = store.examined(REPOSITORIES_COLLECTION);
    await repositoriesProjection.apply(transferred, target);
    expect(store.examined(REPOSITORIES_COLLECTION) - before).to.be.at.most(10);
    expect(await upstreams(2)).to.deep.equal([150, 150, 150]);
  });
});
