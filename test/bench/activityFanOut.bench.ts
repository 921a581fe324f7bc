import { ACTIVITY_FEEDS_COLLECTION, ENTRY_WIDTH, feedEntries, type ActivityFeedDocument } from '../../application/activity/activity.readModel.js';
import { liveTarget } from '../../application/shared/projections/projectionTargets.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../infrastructure/shared/search/embeddedSearchIndex.js';
import { activityProjection } from '../../projections/activity/activity.projection.js';
import type { BenchRow } from './benchRow.js';
import { repositoryCreatedData, userCreatedData } from '../support/eventData.js';

const FOLLOWERS = 1_000;
const OCCURRED_AT = '2026-01-01T00:00:00.000Z';

function storedEvent(position: number, type: string, data: unknown, actorId: number | null): StoredEvent {
  return {
    id: `event-${position}`,
    streamId: `bench-${position}`,
    revision: 0,
    position,
    type,
    data,
    metadata: { schemaVersion: 1, actorId, correlationId: 'bench', causationId: 'bench', occurredAt: OCCURRED_AT },
    recordedAt: OCCURRED_AT,
  };
}

// FORGELOG_BENCH_ACTIVITY_EVENTS domain events (stars: one WatchEvent each) by an actor with
// 1,000 followers, through the activity projection on the embedded store: each is written into
// 1,004 feeds (the followers' received feeds, the actor's, the repository's, its network's and
// the public one). The baseline is the same store taking one single-document update per call.
export async function benchActivityFanOut(): Promise<BenchRow[]> {
  const events = Number(process.env.FORGELOG_BENCH_ACTIVITY_EVENTS ?? 100_000);
  const store = new EmbeddedReadModelStore();
  const search = new EmbeddedSearchIndex();
  let position = 0;
  const apply = async (type: string, data: unknown, actorId: number | null) => {
    const event = storedEvent(position++, type, data, actorId);
    await activityProjection.apply(event, liveTarget(store, search, event.position));
  };
  for (const collection of activityProjection.collections) {
    if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
  }
  const actorId = 1;
  await apply('UserCreated', userCreatedData(actorId, OCCURRED_AT), null);
  for (let follower = 2; follower < 2 + FOLLOWERS; follower++) {
    await apply('UserCreated', userCreatedData(follower, OCCURRED_AT), null);
    await apply('UserFollowed', { userId: follower, targetId: actorId, followedAt: OCCURRED_AT }, follower);
  }
  await apply('RepositoryCreated', repositoryCreatedData({ repositoryId: 1, ownerId: actorId, name: 'starred', createdAt: OCCURRED_AT }), actorId);
  const started = process.hrtime.bigint();
  for (let n = 0; n < events; n++) await apply('RepositoryStarred', { repositoryId: 1, userId: actorId, starredAt: OCCURRED_AT }, actorId);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const feedsPerEvent = FOLLOWERS + 4;
  const feedsCollection = store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION);
  const received = feedEntries(await feedsCollection.findOne({ _id: 'received:2' }));
  const newest = feedEntries(await feedsCollection.findOne({ _id: 'actor:1' }))[0];
  if (received.length < Math.min(events, 300) * ENTRY_WIDTH || received[0] !== newest) throw new Error('the fan-out did not reach the followers');

  const plain = store.collection<{ _id: string; n: number }>('plain');
  for (let n = 0; n < 10_000; n++) await plain.insertOne({ _id: `d${n}`, n: 0 });
  const plainStarted = process.hrtime.bigint();
  const plainUpdates = 200_000;
  for (let n = 0; n < plainUpdates; n++) await plain.updateOne({ _id: `d${n % 10_000}` }, { $inc: { n: 1 } });
  const plainSeconds = Number(process.hrtime.bigint() - plainStarted) / 1e9;
  const feedWrites = (events * feedsPerEvent) / seconds;
  const updates = plainUpdates / plainSeconds;
  await store.close();
  return [
    {
      name: `activity fan-out, ${events} events x ${FOLLOWERS} followers (${Math.round(events / seconds)} events/s)`,
      value: feedWrites,
      unit: 'feed writes/s',
      baselineName: 'single-document updates on the same store',
      baseline: updates,
      ratio: feedWrites / updates,
    },
  ];
}
