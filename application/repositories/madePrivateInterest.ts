import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { LostAccessStars } from './lostAccessStars.js';
import { LostAccessWatches } from './lostAccessWatches.js';
import {
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  type RepositoryDocument,
  type RepositoryStarDocument,
  type RepositorySubscriptionDocument,
} from './repositories.readModel.js';
import { RepositoryQueries } from './repository.queries.js';

// A repository made private is lost to every reader without a grant on it: their stars and
// subscriptions of it go, as when a collaborator is removed (LostAccessStars,
// LostAccessWatches). Kept, they went on counting in stargazers_count and subscribers_count
// and naming those users in its stargazers and subscribers. GitHub goes further ("Stars and
// watchers for this repository will be permanently erased"); the stars and subscriptions of
// those who still read it stay here, as they always have.
@injectable()
export class MadePrivateInterest {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(LostAccessStars) private readonly stars: LostAccessStars,
    @inject(LostAccessWatches) private readonly watches: LostAccessWatches,
  ) {}

  // The repository's stars and subscriptions, by its index: the visibility change already
  // rewrote each of them (they carry it), so this costs what that change did.
  async dropUnreadable(repository: RepositoryDocument, context: CommandContext): Promise<Either<AppError, void>> {
    const stars = await this.store.collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION).find({ repository_id: repository.id });
    const subscriptions = await this.store
      .collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION)
      .find({ repository_id: repository.id });
    const accounts = await this.repositories.accountsByIds([...stars, ...subscriptions].map((interest) => interest.user_id));
    const reads = new Map<number, boolean>();
    const stillReads = async (userId: number): Promise<boolean> => {
      if (!reads.has(userId)) {
        const caller = { userId, siteAdmin: accounts.get(userId)?.site_admin ?? false };
        reads.set(userId, (await this.access.roleFor(caller, repository)) !== 'none');
      }
      return reads.get(userId)!;
    };
    for (const star of stars) {
      if (await stillReads(star.user_id)) continue;
      const unstarred = await this.stars.unstar(repository.id, star.user_id, context);
      if (isLeft(unstarred)) return unstarred;
    }
    for (const subscription of subscriptions) {
      if (await stillReads(subscription.user_id)) continue;
      const unwatched = await this.watches.unwatch(repository.id, subscription.user_id, context);
      if (isLeft(unwatched)) return unwatched;
    }
    return right(undefined);
  }
}
