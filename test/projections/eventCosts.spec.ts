import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { FOLLOWS_COLLECTION, USERS_COLLECTION } from '../../application/accounts/users.readModel.js';
import { REPOSITORIES_COLLECTION } from '../../application/repositories/repositories.readModel.js';
import {
  ISSUE_COMMENTS_COLLECTION,
  ISSUES_COLLECTION,
  MILESTONES_COLLECTION,
  REPOSITORY_ISSUE_COUNTS_COLLECTION,
} from '../../application/issues/issues.readModel.js';
import { PullRequestPairs } from '../../application/pulls/pullRequestPairs.js';
import { systemContext } from '../../application/shared/commandContext.js';
import { DELETED_COPIES_COLLECTIONS } from '../../application/shared/deletedCopies.js';
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
import { BIG, examinedIn, insertAll, withIndexes } from './eventCostSupport.js';
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

//
