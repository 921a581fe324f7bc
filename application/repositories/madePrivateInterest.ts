import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { LostAccessStars } from './lostAccessStars.js';
import { LostAccessWatches } from './lostAccessWatches.js';
import {
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  type RepositoryStarDocument,
  type RepositorySubscriptionDocument,
} from './repositories.readModel.js';

// GitHub, on a repository made private: "Stars and watchers for this repository will be
// permanently erased" (every one: its owner's and its collaborators' too, not only those who
// may no longer read it). Each star and subscription ends as the system's command on its own
// stream, so a replay gives the same lists and counts, and the aggregates know it ended (a
// star given later is a new one); made public again, none comes back.
@injectable()
export class MadePrivateInterest {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(LostAccessStars) private readonly stars: LostAccessStars,
    @inject(LostAccessWatches) private readonly watches: LostAccessWatches,
  ) {}

  // The repository's own stars and subscriptions given up to `madePrivateAt`, by its index:
  // nothing else is read. One given after (by a reader of the private repository, before the
  // lost-access process ran this again) stays.
  async eraseGivenUpTo(repositoryId: number, madePrivateAt: string, context: CommandContext): Promise<Either<AppError, void>> {
    const stars = await this.store
      .collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION)
      .find({ repository_id: repositoryId, starred_at: { $lte: madePrivateAt } }, { projection: { user_id: 1 } });
    for (const star of stars) {
      const unstarred = await this.stars.unstar(repositoryId, star.user_id, context);
      if (isLeft(unstarred)) return unstarred;
    }
    const subscriptions = await this.store
      .collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION)
      .find({ repository_id: repositoryId, created_at: { $lte: madePrivateAt } }, { projection: { user_id: 1 } });
    for (const subscription of subscriptions) {
      const unwatched = await this.watches.unwatch(repositoryId, subscription.user_id, context);
      if (isLeft(unwatched)) return unwatched;
    }
    return right(undefined);
  }
}
