import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { stargazerStream, starDecider } from '../../domain/repositories/repositoryInterest.deciders.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { REPOSITORY_STARS_COLLECTION } from './repositories.readModel.js';
import { RepositoryQueries } from './repository.queries.js';
import { unreadableAmongTheirs, type LostAccess } from './lostAccess.js';

// GitHub unstars a private repository for whoever loses access to it (removed as a
// collaborator, or from its organization): kept, the star went on naming them among the
// repository's stargazers and counting in stargazers_count.
@injectable()
export class LostAccessStars {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  // The user's stars of private repositories they may no longer read are taken back, among
  // those the access lost was to (unreadableAmongTheirs).
  async unstarUnreadableBy(user: Pick<UserDocument, 'id' | 'site_admin'>, context: CommandContext, lost: LostAccess): Promise<Either<AppError, void>> {
    for (const repositoryId of await unreadableAmongTheirs(this.store, REPOSITORY_STARS_COLLECTION, this.repositories, this.access, user, lost)) {
      const unstarred = await this.unstar(repositoryId, user.id, context);
      if (isLeft(unstarred)) return unstarred;
    }
    return right(undefined);
  }

  // Takes back one star, as the system (the user did not ask for it).
  async unstar(repositoryId: number, userId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const command = { type: 'UnstarRepository' as const, repositoryId, userId, now: context.occurredAt };
    const unstarred = await handleCommand(this.eventStore, starDecider, stargazerStream(repositoryId, userId), command, context);
    if (isLeft(unstarred)) return unstarred;
    await this.readYourWrites.settle(unstarred.right.position);
    return right(undefined);
  }
}
