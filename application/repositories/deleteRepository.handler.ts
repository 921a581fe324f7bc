import { inject, injectable } from 'inversify';
import { REPOSITORY_BOUND_SEARCH_PROJECTIONS } from '../search/searchIndexes.js';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { repositoryNameReservationDecider, repositoryNameStream } from '../../domain/repositories/repositoryNameReservation.decider.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import { RepositoryGit } from './repositoryGit.js';
import { RepositoryQueries } from './repository.queries.js';

@injectable()
export class DeleteRepositoryHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryGit) private readonly git: RepositoryGit,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  // The deletion event first, then the name is freed, then the git directory goes: a crash
  // after the event leaves only an unreachable directory (ids are never reused). A private
  // repository's private forks go with it, as on GitHub, each as the system (their owners did
  // not ask): they would otherwise keep serving the code of a repository that is gone.
  async execute(caller: AccessCaller, repositoryId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const loaded = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.administer);
    if (isLeft(loaded)) return loaded;
    const { repository } = loaded.right;
    const deleted = await handleCommand(
      this.eventStore,
      repositoryDecider,
      repositoryStream(repositoryId),
      { type: 'DeleteRepository', now: context.occurredAt },
      context,
    );
    if (isLeft(deleted)) return deleted;
    const released = await handleCommand(
      this.eventStore,
      repositoryNameReservationDecider,
      repositoryNameStream(repository.owner_id, repository.name),
      {
        type: 'ReleaseRepositoryName',
        ownerId: repository.owner_id,
        name: repository.name,
        repositoryId,
      },
      context,
    );
    if (isLeft(released) && released.left._tag !== 'RepositoryNameNotReserved') return released;
    await this.readYourWrites.settleIncluding(deleted.right.position, REPOSITORY_BOUND_SEARCH_PROJECTIONS);
    await this.git.remove(repositoryId);
    if (!repository.private) return right(undefined);
    const system = { userId: context.actorId ?? 0, siteAdmin: true };
    for (const fork of await this.repositories.privateForksOf(repositoryId)) {
      const forkDeleted = await this.execute(system, fork.id, context);
      if (isLeft(forkDeleted) && forkDeleted.left._tag !== 'RepositoryNotFound') return forkDeleted;
    }
    return right(undefined);
  }
}
