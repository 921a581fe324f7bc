import { expect } from 'chai';
import {
  ACTIVITY_FEEDS_COLLECTION,
  ENTRY_WIDTH,
  FEED_CHUNK_EVENTS,
  FEED_OLDER_CHUNKS,
  feedChunksOf,
  feedEntries,
  type ActivityFeedDocument,
} from '../../../application/activity/activity.readModel.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { activityProjection } from '../../../projections/activity/activity.projection.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const AT = '2026-11-22T10:00:00.000Z';
const user = (userId: number) => ({ userId, login: `user${userId}`, email: null, name: null, passwordHash: null, siteAdmin: false, createdAt: AT });
const repository = (repositoryId: number) => ({
  repositoryId,
  ownerId: 1,
  ownerType: 'User',
  name: `repo${repositoryId}`,
  description: null,
  homepage: null,
  private: false,
  hasIssues: true,
  hasProjects: true,
  hasWiki: true,
  defaultBranch: 'main',
  fork: null,
  initialCommit: null,
  createdAt: AT,
});

// User 1 owns two public repositories, user 2 follows user 1, then user 1 stars them in turn.
function history(stars: number) {
  const events = [
    storedEvent('user-1', 0, 'UserCreated', user(1)),
    storedEvent('user-2', 0, 'UserCreated', user(2)),
    storedEvent('user-2', 1, 'UserFollowed', { userId: 2, targetId: 1, followedAt: AT }, 2),
    storedEvent('repository-1', 0, 'RepositoryCreated', repository(1), 1),
    storedEvent('repository-2', 0, 'RepositoryCreated', repository(2), 1),
  ];
  for (let star = 0; star < stars; star++) {
    const repositoryId = 1 + (star % 2);
    events.push(storedEvent(`star-${star}`, 0, 'RepositoryStarred', { repositoryId, userId: 1, starredAt: AT }, 1));
  }
  return events;
}

const ids = (entries: readonly number[]) => entries.filter((_, index) => index % ENTRY_WIDTH === 0);
const repositories = (entries: readonly number[]) => entries.filter((_, index) => index % ENTRY_WIDTH === 2);

describe('activity feeds: kept in chunks', () => {
  it('keep the newest 300 events or more, newest first, every older chunk full, through many chunk moves', async () => {
    const store = new EmbeddedReadModelStore();
    const target = liveTarget(store, new EmbeddedSearchIndex());
    for (const event of history(330)) await activityProjection.apply(event, target);
    const feeds = store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION);
    const received = (await feeds.findOne({ _id: 'received:2' }))!;
    expect(received.older).to.have.length(FEED_OLDER_CHUNKS);
    for (const chunk of received.older) expect(chunk).to.have.length(FEED_CHUNK_EVENTS * ENTRY_WIDTH);
    expect(received.entries).to.have.length(received.size * ENTRY_WIDTH);
    const shown = ids(feedEntries(received));
    expect(shown.length).to.be.at.least(300);
    // Newest first, with no event twice or missing between the newest and the oldest kept.
    const actor = ids(feedEntries(await feeds.findOne({ _id: 'actor:1' })));
    expect(shown).to.deep.equal(actor.slice(0, shown.length));
    expect([...shown].sort((a, b) => b - a)).to.deep.equal(shown);
    expect(new Set(shown).size).to.equal(shown.length);
  });

  it('apply each event once, even when it comes twice across a chunk move', async () => {
    const dump = await expectIdempotent(activityProjection, history(40));
    const received = (dump[ACTIVITY_FEEDS_COLLECTION] as ActivityFeedDocument[]).find((feed) => feed._id === 'received:2')!;
    // The two repositories created, then the 40 stars.
    expect(ids(feedEntries(received))).to.have.length(42);
  });

  it('a repository turned private leaves the public feed, the rest kept in order and in full chunks', async () => {
    const store = new EmbeddedReadModelStore();
    const target = liveTarget(store, new EmbeddedSearchIndex());
    for (const event of history(70)) await activityProjection.apply(event, target);
    const feeds = store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION);
    const before = feedEntries(await feeds.findOne({ _id: 'public' }));
    expect(new Set(repositories(before))).to.deep.equal(new Set([1, 2]));
    await activityProjection.apply(
      storedEvent('repository-2', 1, 'RepositoryEdited', { repositoryId: 2, changes: { private: true }, editedAt: AT }, 1),
      target,
    );
    const after = (await feeds.findOne({ _id: 'public' }))!;
    const kept = feedEntries(after);
    expect(repositories(kept)).to.deep.equal(repositories(before).filter((id) => id === 1));
    expect(ids(kept)).to.deep.equal(ids(before).filter((_, index) => repositories(before)[index] === 1));
    for (const chunk of after.older) expect(chunk).to.have.length(FEED_CHUNK_EVENTS * ENTRY_WIDTH);
  });

  it('feedChunksOf splits a flat list so that feedEntries gives it back', () => {
    const flat = Array.from({ length: 37 * ENTRY_WIDTH }, (_, index) => index);
    const chunks = feedChunksOf(flat);
    expect(chunks.size).to.equal(5);
    expect(chunks.older.map((chunk) => chunk.length)).to.deep.equal([64, 64]);
    expect(feedEntries({ _id: 'f', head: 0, ...chunks })).to.deep.equal(flat);
  });
});
