import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { subscriptionDecider, watcherStream } from '../../domain/repositories/repositoryInterest.deciders.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { REPOSITORY_SUBSCRIPTIONS_COLLECTION } from './repositories.readModel.js';
import { RepositoryQueries } from './repository.queries.js';
import { unreadableAmongTheirs, type LostAccess } from './lostAccess.js';

// GitHub ends the subscription (watching or ignoring) to a private repository of whoever loses
// access to it, as it takes back their star (a reinstated organization member gets back
// "Repository subscriptions (notification settings for watching, not watching, or ignoring a
// repository's activity)", so removal took them): kept, the watch went on naming them among
// the repository's subscribers, counting in subscribers_count and feeding their received events.
@injectable()
export class LostAccessWatches {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  // The user's subscriptions to private repositories they may no longer read end, among those
  // the access lost was to (unreadableAmongTheirs).
  async unwatchUnreadableBy(user: Pick<UserDocument, 'id' | 'site_admin'>, context: CommandContext, lost: LostAccess): Promise<Either<AppError, void>> {
    for (const repositoryId of await unreadableAmongTheirs(this.store, REPOSITORY_SUBSCRIPTIONS_COLLECTION, this.repositories, this.access, user, lost)) {
      const unwatched = await this.unwatch(repositoryId, user.id, context);
      if (isLeft(unwatched)) return unwatched;
    }
    return right(undefined);
  }

  // Ends one subscription, as the system (the user did not ask for it).
  async unwatch(repositoryId: number, userId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const command = { type: 'DeleteSubscription' as const, repositoryId, userId, now: context.occurredAt };
    const deleted = await handleCommand(this.eventStore, subscriptionDecider, watcherStream(repositoryId, userId), command, context);
    if (isLeft(deleted)) return deleted;
    await this.readYourWrites.settle(deleted.right.position);
    return right(undefined);
  }
}
