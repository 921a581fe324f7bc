import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { UserCommands } from './userCommand.js';

// PUT and DELETE /user/following/{username}: both idempotent (204 again and again), both
// recorded in the follower's stream; an unknown target is a 404.
@injectable()
export class FollowUserHandler {
  constructor(@inject(UserCommands) private readonly commands: UserCommands) {}

  async follow(followerId: number, targetLogin: string, context: CommandContext): Promise<Either<AppError, void>> {
    return this.toggle(followerId, targetLogin, true, context);
  }

  async unfollow(followerId: number, targetLogin: string, context: CommandContext): Promise<Either<AppError, void>> {
    return this.toggle(followerId, targetLogin, false, context);
  }

  private async toggle(userId: number, targetLogin: string, follow: boolean, context: CommandContext): Promise<Either<AppError, void>> {
    const target = await this.commands.userNamed(targetLogin);
    if (isLeft(target)) return target;
    const targetId = target.right.id;
    const now = context.occurredAt;
    const outcome = await this.commands.run(follow ? { type: 'FollowUser', userId, targetId, now } : { type: 'UnfollowUser', userId, targetId, now }, context);
    return isLeft(outcome) ? outcome : right(undefined);
  }
}
