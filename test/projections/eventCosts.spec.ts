import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { FOLLOWS_COLLECTION, USERS_COLLECTION } from '../../application/accounts/users.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
} from '../../application/repositories/repositories.readModel.js';
import {
  ISSUE_COMMENTS_COLLECTION,
  ISSUES_COLLECTION,
  MILESTONES_COLLECTION,
  REPOSITORY_ISSUE_COUNTS_COLLECTION,
} from '../../application/issues/issues.readModel.js';
import { PullRequestPairs } from '../../application/pulls/pullRequestPairs.js';
import { systemContext } from '../../application/shared/commandContext.js';
import { DELETED_COPIES_COLLECTIONS } from '../../application/shared/deletedCopies.js';
import type { Document, IndexSpec } from '../../application/shared/ports/readModelStore.port.js';
import { prepareTombstones, pruneTombstones, TOMBSTONES_COLLECTION } from '../../application/shared/projections/positionGuardedCollection.js';
import { liveTarget } from '../../application/shared/projections/projectionTargets.js';
import { HookQueries } from '../../application/webhooks/hookQueries.js';
import { HOOKS_COLLECTION } from '../../application/webhooks/webhooks.readModel.js';
import { pullRequestPairStream } from '../../domain/pulls/pullRequestPair.decider.js';
import { EmbeddedEventStore } from '../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../infrastructure/shared/search/embeddedSearchIndex.js';
import { followsOfDeletedUser } from '../../projections/accounts/userFollows.apply.js';
import { usersProjection } from '../../projections/accounts/users.projection.js';
import { mirrorCollections } from '../../projections/activity/activityMirror.js';
import { issuesProjection } from '../../projections/issues/issues.projection.js';
import { HELP_WANTED_INDEX, HELP_WANTED_ISSUES_COLLECTION, helpWantedIssues } from '../../projections/search/helpWantedIssues.js';
import { keepDeletedCopy, deletedCopiesCollection } from '../../projections/shared/deletedCopies.js';
import { webhooksProjection } from '../../projections/webhooks/webhooks.projection.js';
import { repositoriesProjection } from '../../projections/repositories/repositories.projection.js';
import { userSearchProjection } from '../../projections/search/userSearch.projection.js';
import {
  USER_COUNTED_REPOSITORIES_COLLECTION,
  USER_LANGUAGES_COLLECTION,
  USER_REPOSITORY_LANGUAGES_COLLECTION,
} from '../../projections/search/userLanguages.js';
import type { ProjectionDependencies } from '../../projections/shared/projectionDependencies.js';
import { CountingEventStore } from '../support/countingEventStore.js';
import { storedEvent } from '../support/projectionSpec.js';

// An event costs what it changes: each case holds one event's handling (or one step of it) to
// the documents it touches, with 3,000 documents of others beside them, by counting what the
// embedded store tests against a filter (`examined`) or the events a stream read hands out.
const BIG = 3000;

async function withIndexes(store: EmbeddedReadModelStore, collections: readonly { name: string; indexes?: readonly IndexSpec[] }[]): Promise<void> {
  for (const collection of collections) if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
}

async function insertAll(store: EmbeddedReadModelStore, name: string, documents: Document[]): Promise<void> {
  for (const document of documents) await store.collection(name).insertOne(document);
}

function examinedIn(store: EmbeddedReadModelStore, names: readonly string[]): number {
  return names.reduce((sum, name) => sum + store.examined(name), 0);
}

describe('event costs: an event tests what it changes, not the collections it writes', function () {
  it("a repository's deletion: its 300 issues, milestones and counts, by index (a deletion of more than 256 ids looked up too)", async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, issuesProjection.collections);
    const issue = (repository: number, n: number) => ({
      _id: `${repository}-${n}`,
      id: repository * BIG + n,
      repository_id: repository,
      number: n,
      state: 'open',
      created_at: 'x',
      label_ids: [],
      assignee_ids: [],
    });
    await insertAll(store, ISSUES_COLLECTION, [...Array.from({ length: 300 }, (_, n) => issue(1, n)), ...Array.from({ length: BIG }, (_, n) => issue(2, n))]);
    await insertAll(
      store,
      MILESTONES_COLLECTION,
      Array.from({ length: BIG }, (_, n) => ({ _id: String(n), id: n, repository_id: 2 + (n % 100), number: n })),
    );
    await insertAll(
      store,
      REPOSITORY_ISSUE_COUNTS_COLLECTION,
      Array.from({ length: BIG }, (_, n) => ({ _id: String(n + 1), repository_id: n + 1, open_issues_count: 1 })),
    );
    const collections = [ISSUES_COLLECTION, MILESTONES_COLLECTION, REPOSITORY_ISSUE_COUNTS_COLLECTION];
    const before = examinedIn(store, collections);
    await issuesProjection.apply(
      storedEvent('repository-1', 5, 'RepositoryDeleted', { repositoryId: 1, ownerId: 9, name: 'gone', deletedAt: 'x' }),
      liveTarget(store, new EmbeddedSearchIndex()),
    );
    expect(await store.collection(ISSUES_COLLECTION).count({ repository_id: 1 })).to.equal(0);
    expect(await store.collection(ISSUES_COLLECTION).count({ repository_id: 2 })).to.equal(BIG);
    expect(await store.collection(REPOSITORY_ISSUE_COUNTS_COLLECTION).count({})).to.equal(BIG - 1);
    // The issues found, then deleted by id; the one count; no milestone.
    expect(examinedIn(store, collections) - before).to.be.at.most(2 * 300 + 10);
  });

  it("an issue's mentions: a comment written, edited or deleted moves its issue's set from its comments' kept lists, by index, not the repository's 3,000 comments", async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, issuesProjection.collections);
    await withIndexes(store, usersProjection.collections);
    await insertAll(store, USERS_COLLECTION, [{ _id: '20', id: 20, login: 'mona', login_key: 'mona', type: 'User' }]);
    const issue = (n: number) => ({
      _id: String(n),
      id: n,
      repository_id: 1,
      number: n,
      state: 'open',
      created_at: 'x',
      label_ids: [],
      assignee_ids: [],
      mentioned_ids: [],
      body_mentioned_ids: [],
      comments: 0,
    });
    await insertAll(
      store,
      ISSUES_COLLECTION,
      Array.from({ length: BIG }, (_, n) => issue(n + 1)),
    );
    // Issue 1 has 5 comments; the others share the rest of the repository's 3,000.
    const comment = (n: number) => ({
      _id: String(n),
      id: n,
      issue_id: n < 5 ? 1 : 2 + (n % 100),
      repository_id: 1,
      body: 'x',
      mentioned_ids: [],
      created_at: 'x',
    });
    await insertAll(
      store,
      ISSUE_COMMENTS_COLLECTION,
      Array.from({ length: BIG }, (_, n) => comment(n)),
    );
    const target = liveTarget(store, new EmbeddedSearchIndex());
    const collections = [ISSUES_COLLECTION, ISSUE_COMMENTS_COLLECTION, USERS_COLLECTION];
    const mentioned = async () => (await store.collection(ISSUES_COLLECTION).findOne({ id: 1 }))!.mentioned_ids;
    for (const [event, expected] of [
      [
        storedEvent('issue-comment-5000', 0, 'IssueCommentCreated', {
          commentId: 5000,
          issueId: 1,
          repositoryId: 1,
          authorId: 2,
          body: '@mona',
          createdAt: 'y',
        }),
        [20],
      ],
      [storedEvent('issue-comment-5000', 1, 'IssueCommentEdited', { commentId: 5000, body: 'no one', editedAt: 'z' }), []],
      [storedEvent('issue-comment-5000', 2, 'IssueCommentEdited', { commentId: 5000, body: 'cc @mona', editedAt: 'z' }), [20]],
      [storedEvent('issue-comment-5000', 3, 'IssueCommentDeleted', { commentId: 5000, issueId: 1, deletedAt: 'z' }), []],
    ] as const) {
      const before = examinedIn(store, collections);
      await issuesProjection.apply(event, target);
      expect(await mentioned(), event.type).to.deep.equal(expected);
      // The comment, its issue, the account, the issue's 5 or 6 comments' lists: a few dozen at most.
      expect(examinedIn(store, collections) - before, event.type).to.be.at.most(20);
    }
  });

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

  it("a user's deletion: the user's follow edges, by their two indexes, not every edge", async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, usersProjection.collections);
    await insertAll(store, FOLLOWS_COLLECTION, [
      { _id: '1:2', follower_id: 1, followee_id: 2, position: 0 },
      { _id: '3:1', follower_id: 3, followee_id: 1, position: 1 },
      ...Array.from({ length: BIG }, (_, n) => ({ _id: `${n + 10}:${n + 11}`, follower_id: n + 10, followee_id: n + 11, position: n + 2 })),
    ]);
    const before = store.examined(FOLLOWS_COLLECTION);
    await followsOfDeletedUser({ userId: 1 } as Parameters<typeof followsOfDeletedUser>[0], liveTarget(store, new EmbeddedSearchIndex()));
    expect(await store.collection(FOLLOWS_COLLECTION).count({})).to.equal(BIG);
    expect(store.examined(FOLLOWS_COLLECTION) - before).to.be.at.most(10);
  });

  it('a deletion keeping a copy prunes the expired copies along their deletion time, not every copy kept', async function () {
    const store = new EmbeddedReadModelStore();
    const name = DELETED_COPIES_COLLECTIONS.label;
    await withIndexes(store, [deletedCopiesCollection(name)]);
    const at = (day: number) => new Date(Date.UTC(2026, 10, day)).toISOString();
    await insertAll(store, name, [
      ...Array.from({ length: 5 }, (_, n) => ({ _id: `label:${n}`, kind: 'label', document: {}, deleted_at: at(1) })),
      ...Array.from({ length: BIG }, (_, n) => ({ _id: `label:${n + 100}`, kind: 'label', document: {}, deleted_at: at(20) })),
    ]);
    const before = store.examined(name);
    await keepDeletedCopy(liveTarget(store, new EmbeddedSearchIndex()), 'label', { id: 9, name: 'gone' }, at(21));
    expect(await store.collection(name).count({})).to.equal(BIG + 1);
    expect(store.examined(name) - before).to.be.at.most(20);
  });

  it('the activity mirror keeps the look-up of a branch’s open pull requests (a nested index is no ordered list)', function () {
    const pulls = mirrorCollections.find((collection) => collection.name.endsWith('pull_requests'))!;
    expect(pulls.indexes!.map((index) => index.keys)).to.deep.include({ 'head.repository_id': 1, 'head.ref': 1, state: 1 });
    const copies = mirrorCollections.find((collection) => collection.name.endsWith(DELETED_COPIES_COLLECTIONS.repository))!;
    expect(copies.indexes!.map((index) => index.keys)).to.deep.include({ deleted_at: 1, kind: 1, _id: 1 });
  });

  it("whether any hook is active, and a repository's help-wanted count: look-ups and kept counts", async function () {
    const store = new EmbeddedReadModelStore();
    await withIndexes(store, webhooksProjection.collections);
    await withIndexes(store, [{ name: HELP_WANTED_ISSUES_COLLECTION, indexes: [HELP_WANTED_INDEX] }]);
    await insertAll(
      store,
      HOOKS_COLLECTION,
      Array.from({ length: BIG }, (_, n) => ({ _id: String(n), id: n, owner_kind: 'repository', owner_id: n, active: false })),
    );
    await insertAll(
      store,
      HELP_WANTED_ISSUES_COLLECTION,
      Array.from({ length: BIG }, (_, n) => ({ _id: String(n), repository_id: 1, issue_id: n, help_wanted: true })),
    );
    const before = examinedIn(store, [HOOKS_COLLECTION, HELP_WANTED_ISSUES_COLLECTION]);
    expect(await new HookQueries(store).anyActive()).to.equal(false);
    expect(await helpWantedIssues(liveTarget(store, new EmbeddedSearchIndex()), 1)).to.equal(BIG);
    expect(examinedIn(store, [HOOKS_COLLECTION, HELP_WANTED_ISSUES_COLLECTION]) - before).to.equal(0);
  });

  it("an account's language: a repository turned private moves its owner's kept counts, not a count of the owner's repositories", async function () {
    const store = new EmbeddedReadModelStore();
    const projection = userSearchProjection({} as ProjectionDependencies);
    await withIndexes(store, [...repositoriesProjection.collections, ...projection.collections]);
    // 1,501 public Ruby repositories and 1,500 Python ones, all of account 7.
    const languageOf = (n: number) => (n <= 1501 ? 'Ruby' : 'Python');
    const ids = Array.from({ length: 3001 }, (_, n) => n + 1);
    await insertAll(store, USERS_COLLECTION, [{ _id: '7', id: 7, login: 'polyglot', type: 'User', created_at: '2026-01-01T00:00:00Z' }]);
    await insertAll(
      store,
      REPOSITORIES_COLLECTION,
      ids.map((n) => ({ _id: String(n), id: n, owner_id: 7, name: `r${n}`, private: n === 1, fork: false })),
    );
    await insertAll(
      store,
      USER_REPOSITORY_LANGUAGES_COLLECTION,
      ids.map((n) => ({ _id: String(n), repository_id: n, commit: 'c', bytes: { [languageOf(n)]: 10 } })),
    );
    await insertAll(
      store,
      USER_COUNTED_REPOSITORIES_COLLECTION,
      ids.map((n) => ({ _id: String(n), owner_id: 7, private: false, counted: languageOf(n) })),
    );
    await insertAll(store, USER_LANGUAGES_COLLECTION, [{ _id: '7', language: 'Ruby', repositories: { Ruby: 1501, Python: 1500 } }]);
    const collections = [REPOSITORIES_COLLECTION, USER_REPOSITORY_LANGUAGES_COLLECTION, USER_COUNTED_REPOSITORIES_COLLECTION, USER_LANGUAGES_COLLECTION];
    const before = examinedIn(store, collections);
    const search = new EmbeddedSearchIndex();
    for (const index of projection.searchIndexes!) await search.ensureIndex(index.name, index.settings);
    const edited = storedEvent('repository-1', 3, 'RepositoryEdited', { repositoryId: 1, changes: { private: true }, editedAt: '2026-01-02T00:00:00Z' });
    await projection.apply(edited, liveTarget(store, search));
    expect(examinedIn(store, collections) - before).to.be.at.most(20);
    // Ruby 1,500 and Python 1,500: the tie goes to the first name, as before.
    expect(await store.collection(USER_LANGUAGES_COLLECTION).findOne({ _id: '7' })).to.deep.include({
      language: 'Python',
      repositories: { Ruby: 1500, Python: 1500 },
    });
    // Applied again (a restart before the checkpoint): nothing moves.
    await projection.apply(edited, liveTarget(store, search));
    expect(await store.collection(USER_LANGUAGES_COLLECTION).findOne({ _id: '7' })).to.deep.include({ repositories: { Ruby: 1500, Python: 1500 } });
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

  it('a pruning of tombstones deletes along their positions', async function () {
    const store = new EmbeddedReadModelStore();
    await prepareTombstones(store);
    await insertAll(
      store,
      TOMBSTONES_COLLECTION,
      Array.from({ length: BIG }, (_, n) => ({ _id: `c:${n}`, collection: 'c', position: n })),
    );
    const before = store.examined(TOMBSTONES_COLLECTION);
    expect(await pruneTombstones(store, 9)).to.equal(10);
    expect(await store.collection(TOMBSTONES_COLLECTION).count({})).to.equal(BIG - 10);
    expect(store.examined(TOMBSTONES_COLLECTION) - before).to.be.at.most(25);
  });

  it("a pair's release after an older fact reads the pair stream's last event, not its history", async function () {
    const directory = await mkdtemp(join(tmpdir(), 'forgelog-pair-'));
    const log = await EmbeddedEventStore.open(directory);
    try {
      const pair = { repositoryId: 1, base: 'main', headRepositoryId: 1, headRef: 'topic' };
      const counting = new CountingEventStore(log);
      const pairs = new PullRequestPairs(counting);
      const context = systemContext(new Date('2026-11-26T00:00:00Z'));
      // Forty pull requests opened and closed on the same branches, then one holding the pair.
      for (let id = 1; id <= 40; id++) {
        await pairs.reserve(pair, id, 'me:topic', context);
        await pairs.release(pair, id, context);
      }
      await pairs.reserve(pair, 41, 'me:topic', context);
      const head = await log.headPosition();
      counting.read = 0;
      await pairs.releaseIfReservedBefore(pair, 41, head, context);
      expect(counting.read).to.equal(1);
      const [last] = await log.readStream(pullRequestPairStream(pair), { direction: 'backwards', maxCount: 1 });
      expect(last!.type).to.equal('PullRequestPairReleased');
    } finally {
      await log.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
