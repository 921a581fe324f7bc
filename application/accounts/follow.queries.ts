import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { FOLLOWS_COLLECTION, USERS_COLLECTION, type FollowDocument, type UserDocument } from './users.readModel.js';

export interface AccountsPage {
  readonly users: readonly UserDocument[];
  readonly totalCount: number;
}

// Lists are in the order the follows happened (their log position), as GitHub lists them.
@injectable()
export class FollowQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  async isFollowing(followerId: number, followeeId: number): Promise<boolean> {
    return (await this.store.collection<FollowDocument>(FOLLOWS_COLLECTION).count({ _id: `${followerId}:${followeeId}` })) > 0;
  }

  followersOf(userId: number, page: number, perPage: number): Promise<AccountsPage> {
    return this.page({ followee_id: userId }, 'follower_id', page, perPage);
  }

  followingOf(userId: number, page: number, perPage: number): Promise<AccountsPage> {
    return this.page({ follower_id: userId }, 'followee_id', page, perPage);
  }

  private async page(filter: Partial<FollowDocument>, other: 'follower_id' | 'followee_id', page: number, perPage: number): Promise<AccountsPage> {
    const follows = this.store.collection<FollowDocument>(FOLLOWS_COLLECTION);
    const [edges, totalCount] = await Promise.all([
      follows.find(filter, { sort: { position: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      follows.count(filter),
    ]);
    const ids = edges.map((edge) => edge[other]);
    const users = await this.store.collection<UserDocument>(USERS_COLLECTION).find({ id: { $in: ids } });
    const byId = new Map(users.map((user) => [user.id, user]));
    return { users: ids.flatMap((id) => byId.get(id) ?? []), totalCount };
  }
}
