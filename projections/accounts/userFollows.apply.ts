import type { UserDeleted, UserFollowed, UserUnfollowed } from '../../domain/accounts/user.events.js';
import { FOLLOWS_COLLECTION, USERS_COLLECTION, type FollowDocument, type UserDocument } from '../../application/accounts/users.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// Counters are never incremented: each affected account's `followers`/`following` is
// recounted from the edges, so a replayed event writes the same absolute numbers.
async function recount(target: ProjectionTarget, accountIds: readonly number[]): Promise<void> {
  const follows = target.collection<FollowDocument>(FOLLOWS_COLLECTION);
  const users = target.collection<UserDocument>(USERS_COLLECTION);
  for (const id of new Set(accountIds)) {
    const followers = await follows.count({ followee_id: id });
    const following = await follows.count({ follower_id: id });
    await users.updateOne({ _id: String(id) }, { $set: { followers, following } });
  }
}

const edgeId = (followerId: number, followeeId: number) => `${followerId}:${followeeId}`;

export async function userFollowed(data: UserFollowed['data'], position: number, target: ProjectionTarget): Promise<void> {
  // An account deleted before the follow was applied gets no dangling edge (same on every replay).
  if (!(await target.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: String(data.targetId) }))) return;
  const _id = edgeId(data.userId, data.targetId);
  const edge: FollowDocument = { _id, follower_id: data.userId, followee_id: data.targetId, position };
  await target.collection<FollowDocument>(FOLLOWS_COLLECTION).replaceOne({ _id }, edge, { upsert: true });
  await recount(target, [data.userId, data.targetId]);
}

export async function userUnfollowed(data: UserUnfollowed['data'], target: ProjectionTarget): Promise<void> {
  await target.collection<FollowDocument>(FOLLOWS_COLLECTION).deleteOne({ _id: edgeId(data.userId, data.targetId) });
  await recount(target, [data.userId, data.targetId]);
}

// A deleted account's edges go both ways; the accounts on their other ends are recounted.
export async function followsOfDeletedUser(data: UserDeleted['data'], target: ProjectionTarget): Promise<void> {
  const follows = target.collection<FollowDocument>(FOLLOWS_COLLECTION);
  const edges = await follows.find({ $or: [{ follower_id: data.userId }, { followee_id: data.userId }] });
  await follows.deleteMany({ $or: [{ follower_id: data.userId }, { followee_id: data.userId }] });
  const others = edges.map((edge) => (edge.follower_id === data.userId ? edge.followee_id : edge.follower_id));
  await recount(target, others);
}
