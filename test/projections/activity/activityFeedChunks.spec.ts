import { expect } from 'chai';
import {
  ACTIVITY_EVENTS_COLLECTION,
  ACTIVITY_FEEDS_COLLECTION,
  ENTRY_WIDTH,
  FEED_CHUNK_EVENTS,
  FEED_OLDER_CHUNKS,
  feedChunksOf,
  feedEntries,
  type ActivityEventDocument,
  type ActivityFeedDocument,
} from '../../../application/activity/activity.readModel.js';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { activityProjection } from '../../../projections/activity/activity.projection.js';
import { repositoryCreatedData, userCreatedData } from '../../support/eventData.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const AT = '2026-11-22T10:00:00.000Z';
// User 1 owns two public repositories, user 2 follows user 1, then user 1 stars them in turn.
function history(stars: number) {
  const events = [
    storedEvent('user-1', 0, 'UserCreated', userCreatedData(1, AT)),
    storedEvent('user-2', 0, 'UserCreated', userCreatedData(2, AT)),
    storedEvent('user-2', 1, 'UserFollowed', { userId: 2, targetId: 1, followedAt: AT }, 2),
    storedEvent('repository-1', 0, 'RepositoryCreated', repositoryCreatedData({ repositoryId: 1, ownerId: 1, name: 'repo1', createdAt: AT }), 1),
    storedEvent('repository-2', 0, 'RepositoryCreated', repositoryCreatedData({ repositoryId: 2, ownerId: 1, name: 'repo2', createdAt: AT }), 1),
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
  it('show the newest 300 events, newest first, every older chunk full, through many chunk moves', async () => {
    const store = new EmbeddedReadModelStore();
    const target = liveTarget(store, new EmbeddedSearchIndex());
    for (const event of history(330)) await activityProjection.apply(event, target);
    const feeds = store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION);
    const received = (await feeds.findOne({ _id: 'received:2' }))!;
    expect(received.older).to.have.length(FEED_OLDER_CHUNKS);
    for (const chunk of received.older) expect(chunk).to.have.length(FEED_CHUNK_EVENTS * ENTRY_WIDTH);
    expect(received.entries).to.have.length(received.size * ENTRY_WIDTH);
    // The newest 300 of all the events recorded, newest first: none missing, none twice.
    const recorded = (await store.collection<ActivityEventDocument>(ACTIVITY_EVENTS_COLLECTION).find({})).map((record) => record.id);
    expect(recorded).to.have.length(332);
    expect(ids(feedEntries(received))).to.deep.equal(recorded.sort((a, b) => b - a).slice(0, 300));
  });

  it('apply each event once, even when it comes twice across a chunk move', async () => {
    const dump = await expectIdempotent(activityProjection, history(40));
    const received = (dump[ACTIVITY_FEEDS_COLLECTION] as ActivityFeedDocument[]).find((feed) => feed._id === 'received:2')!;
    // The two repositories created, then the 40 stars.
    expect(ids(feedEntries(received))).to.have.length(42);
  });

  // A rebuild's catch-up beside the live worker: two events applied at once, the older one
  // started first, onto feeds whose newest chunk is full (2 repositories created, 14 stars).
  it('two writers applying events at once onto full chunks lose no entry and double none', async () => {
    const store = new EmbeddedReadModelStore();
    const search = new EmbeddedSearchIndex();
    const events = history(16);
    for (const event of events.slice(0, -2)) await activityProjection.apply(event, liveTarget(store, search, event.position));
    const feeds = store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION);
    expect((await feeds.findOne({ _id: 'received:2' }))!.size).to.equal(FEED_CHUNK_EVENTS);
    const [older, newer] = events.slice(-2) as [StoredEvent, StoredEvent];
    await Promise.all([
      activityProjection.apply(older, liveTarget(store, search, older.position)),
      activityProjection.apply(newer, liveTarget(store, search, newer.position)),
    ]);
    const recorded = (await store.collection<ActivityEventDocument>(ACTIVITY_EVENTS_COLLECTION).find({})).map((record) => record.id);
    expect(ids(feedEntries(await feeds.findOne({ _id: 'received:2' })))).to.deep.equal(recorded.sort((a, b) => b - a));
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
    expect(after.entries).to.have.length(after.size * ENTRY_WIDTH);
    // And the feed takes events as before.
    const star = storedEvent('star-last', 0, 'RepositoryStarred', { repositoryId: 1, userId: 1, starredAt: AT }, 1);
    await activityProjection.apply(star, target);
    const next = feedEntries(await feeds.findOne({ _id: 'public' }));
    expect(ids(next).slice(1)).to.deep.equal(ids(kept));
    expect(ids(next)[0]).to.be.above(ids(kept)[0]!);
  });

  it('feedChunksOf splits a flat list so that feedEntries gives it back', () => {
    const flat = Array.from({ length: 37 * ENTRY_WIDTH }, (_, index) => index);
    const chunks = feedChunksOf(flat);
    expect(chunks.size).to.equal(5);
    expect(chunks.older.map((chunk) => chunk.length)).to.deep.equal([64, 64]);
    expect(feedEntries({ _id: 'f', head: 0, ...chunks })).to.deep.equal(flat);
  });
});
