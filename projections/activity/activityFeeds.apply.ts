import {
  ACTIVITY_FEEDS_COLLECTION,
  ENTRY_WIDTH,
  FEED_RETAINED_EVENTS,
  feedEntryTime,
  type ActivityEventDocument,
  type ActivityFeedDocument,
} from '../../application/activity/activity.readModel.js';
import { feedKeys } from '../../domain/activity/feedKeys.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import type { MirrorReads } from './mirrorReads.js';

const FAN_OUT_GROUP = 200;

const feeds = (target: ProjectionTarget) => target.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION);

// A feed exists from the moment what it belongs to does (an account, a repository, a fork
// network), so that a fan-out is one update of many documents, never an upsert per receiver.
export async function openFeeds(keys: readonly string[], target: ProjectionTarget): Promise<void> {
  for (const _id of keys) await feeds(target).updateOne({ _id }, { $setOnInsert: { entries: [], head: -1 } }, { upsert: true });
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

// Writes the event at the head of every feed that shows it, keeping the newest 300; a feed
// whose head is this event already (a replay) is left alone.
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
    await feeds(target).updateMany(
      { _id: { $in: keys.slice(start, start + FAN_OUT_GROUP) }, head: { $lt: record.id } },
      { $push: { entries: { $each: entry, $position: 0, $slice: FEED_RETAINED_EVENTS * ENTRY_WIDTH } }, $set: { head: record.id } },
    );
  }
}

// /events shows public repositories only: when one turns private or is deleted, its events
// leave the public feed (the other feeds check the repository when read).
export async function withdrawFromPublicFeed(repositoryId: number, target: ProjectionTarget): Promise<void> {
  const feed = await feeds(target).findOne({ _id: 'public' });
  if (!feed) return;
  const kept: number[] = [];
  for (let i = 0; i < feed.entries.length; i += ENTRY_WIDTH) {
    if (feed.entries[i + 2] !== repositoryId) kept.push(...feed.entries.slice(i, i + ENTRY_WIDTH));
  }
  if (kept.length !== feed.entries.length) await feeds(target).updateOne({ _id: 'public' }, { $set: { entries: kept } });
}
