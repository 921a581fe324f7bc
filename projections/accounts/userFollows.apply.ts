import type { UserDeleted, UserFollowed, UserUnfollowed } from '../../domain/accounts/user.events.js';
import { FOLLOWS_COLLECTION, USERS_COLLECTION, type FollowDocument, type UserDocument } from '../../application/accounts/users.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// `followers`/`following` move by increments, each riding on the write of the edge it
// counts: an edge inserted (upserted) or deleted by this application, never one that was
// already there or already gone, so a replayed event moves nothing.
async function countEdge(target: ProjectionTarget, followerId: number, followeeId: number, delta: 1 | -1): Promise<void> {
  const users = target.collection<UserDocument>(USERS_COLLECTION);
  await users.updateOne({ _id: String(followerId) }, { $inc: { following: delta } });
  await users.updateOne({ _id: String(followeeId) }, { $inc: { followers: delta } });
}

const edgeId = (followerId: number, followeeId: number) => `${followerId}:${followeeId}`;

export async function userFollowed(data: UserFollowed['data'], position: number, target: ProjectionTarget): Promise<void> {
  // An account deleted before the follow was applied gets no dangling edge (same on every replay).
  if (!(await target.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: String(data.targetId) }))) return;
  const _id = edgeId(data.userId, data.targetId);
  const edge: FollowDocument = { _id, follower_id: data.userId, followee_id: data.targetId, position };
  const { upserted } = await target.collection<FollowDocument>(FOLLOWS_COLLECTION).replaceOne({ _id }, edge, { upsert: true });
  if (upserted) await countEdge(target, data.userId, data.targetId, 1);
}

export async function userUnfollowed(data: UserUnfollowed['data'], target: ProjectionTarget): Promise<void> {
  if ((await target.collection<FollowDocument>(FOLLOWS_COLLECTION).deleteOne({ _id: edgeId(data.userId, data.targetId) })) === 1) {
    await countEdge(target, data.userId, data.targetId, -1);
  }
}

// A deleted account's edges go both ways; each one deleted here moves the counts of the
// account on its other end (the cost is the account's own edges, not the whole graph).
export async function followsOfDeletedUser(data: UserDeleted['data'], target: ProjectionTarget): Promise<void> {
  const follows = target.collection<FollowDocument>(FOLLOWS_COLLECTION);
  // Two look-ups, each by its index (an `$or` is answered by no index: every edge tested).
  const edges = [...(await follows.find({ follower_id: data.userId })), ...(await follows.find({ followee_id: data.userId }))];
  for (const edge of edges) {
    if ((await follows.deleteOne({ _id: edge._id })) === 1) await countEdge(target, edge.follower_id, edge.followee_id, -1);
  }
}
