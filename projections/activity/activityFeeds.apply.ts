import {
  ACTIVITY_FEEDS_COLLECTION,
  ENTRY_WIDTH,
  FEED_CHUNK_EVENTS,
  FEED_OLDER_CHUNKS,
  FEED_RETAINED_EVENTS,
  feedChunksOf,
  feedEntries,
  feedEntryTime,
  type ActivityEventDocument,
  type ActivityFeedDocument,
} from '../../application/activity/activity.readModel.js';
import { feedKeys, PUBLIC_FEED } from '../../domain/activity/feedKeys.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import type { MirrorReads } from './mirrorReads.js';

const FAN_OUT_GROUP = 200;

const feeds = (target: ProjectionTarget) => target.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION);

// A feed exists from the moment what it belongs to does (an account, a repository, a fork
// network), so that a fan-out is one update of many documents, never an upsert per receiver.
export async function openFeeds(keys: readonly string[], target: ProjectionTarget): Promise<void> {
  for (const _id of keys) await feeds(target).updateOne({ _id }, { $setOnInsert: { entries: [], size: 0, older: [], head: -1 } }, { upsert: true });
}

export async function closeFeeds(keys: readonly string[], target: ProjectionTarget): Promise<void> {
  await feeds(target).deleteMany({ _id: { $in: [...keys] } });
}

// Who receives an event: the followers of whoever did it and the watchers of its repository.
async function receiversOf(record: ActivityEventDocument, mirror: MirrorReads): Promise<number[]> {
  const receivers = new Set([...(await mirror.followersOf(record.actor.id)), ...(await mirror.watchersOf(record.repo.id))]);
  receivers.delete(record.actor.id);
  return [...receivers];
}

// Writes the event at the head of every feed that shows it; a feed whose head is this event
// already (a replay) is left alone. A feed whose newest chunk is full first moves that chunk
// to the older ones (dropping the oldest past FEED_OLDER_CHUNKS): one feed in sixteen.
//
// Another writer may change a feed between the read of the full ones and the writes (a
// rebuild's catch-up beside the live worker): a move names the state it read (head and size)
// and does nothing if that changed, and the event is pushed whatever the chunk's size (a
// chunk can then hold a few more than 16 until it moves), so no entry is lost or doubled.
export async function fanOut(record: ActivityEventDocument, repository: RepositoryDocument, mirror: MirrorReads, target: ProjectionTarget): Promise<void> {
  const keys = feedKeys({
    public: record.public,
    repositoryId: record.repo.id,
    networkId: repository.source_id ?? repository.id,
    actorId: record.actor.id,
    orgId: record.org?.id ?? null,
    receiverIds: await receiversOf(record, mirror),
  });
  const entry = [record.id, feedEntryTime(Date.parse(record.created_at)), record.repo.id, record.public ? 1 : 0];
  // In groups a store looks up by key rather than scanning for (the embedded one up to 256).
  for (let start = 0; start < keys.length; start += FAN_OUT_GROUP) {
    const behind = { _id: { $in: keys.slice(start, start + FAN_OUT_GROUP) }, head: { $lt: record.id } };
    for (const full of await feeds(target).find({ ...behind, size: { $gte: FEED_CHUNK_EVENTS } })) {
      await feeds(target).updateOne(
        { _id: full._id, head: full.head, size: full.size },
        { $set: { entries: [], size: 0 }, $push: { older: { $each: [full.entries], $position: 0, $slice: FEED_OLDER_CHUNKS } } },
      );
    }
    await feeds(target).updateMany(behind, {
      $push: { entries: { $each: entry, $position: 0, $slice: FEED_RETAINED_EVENTS * ENTRY_WIDTH } },
      $inc: { size: 1 },
      $set: { head: record.id },
    });
  }
}

// /events shows public repositories only: when one turns private or is deleted, its events
// leave the public feed (the other feeds check the repository when read).
export async function withdrawFromPublicFeed(repositoryId: number, at: number, target: ProjectionTarget): Promise<void> {
  // As in fanOut: the write names the state it read, and is worked out again if another
  // writer came in between.
  for (;;) {
    const feed = await feeds(target).findOne({ _id: PUBLIC_FEED });
    if (!feed) return;
    const entries = feedEntries(feed);
    const kept: number[] = [];
    for (let i = 0; i < entries.length; i += ENTRY_WIDTH) {
      if (entries[i + 2] !== repositoryId) kept.push(...entries.slice(i, i + ENTRY_WIDTH));
    }
    if (kept.length === entries.length) return;
    const written = await feeds(target).updateOne({ _id: PUBLIC_FEED, head: feed.head, size: feed.size }, { $set: { ...feedChunksOf(kept), changed_at: at } });
    if (written.matched > 0) return;
    // Unchanged yet not written: a newer writer has it (the position guard), nothing to redo.
    if ((await feeds(target).findOne({ _id: PUBLIC_FEED, head: feed.head, size: feed.size })) !== null) return;
  }
}
