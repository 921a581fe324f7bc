import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { userDecider, userStream } from '../../domain/accounts/user.decider.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import type { ForkOrigin, InitialCommitRecipe, OwnerType, RepositoryCreated, RepositorySettings } from '../../domain/repositories/repository.events.js';
import { repositoryNameReservationDecider, repositoryNameStream } from '../../domain/repositories/repositoryNameReservation.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { initialCommitSha } from './initialCommitSha.js';
import { DeleteRepositoryHandler } from './deleteRepository.handler.js';
import { RepositoryGit } from './repositoryGit.js';

export interface NewRepository {
  readonly owner: { readonly id: number; readonly type: OwnerType };
  // Tried in order: the first name free under the owner is taken (forks fall back to name-1...).
  readonly names: readonly string[];
  readonly settings: RepositorySettings;
  readonly fork: ForkOrigin | null;
  readonly initialCommit: InitialCommitRecipe | null;
}

// Creating a repository, for POST /user/repos, /orgs/{org}/repos and forks: id, name
// reservation (its own stream, like logins), the repository stream, then its git directory.
@injectable()
export class RepositoryCreation {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(RepositoryGit) private readonly git: RepositoryGit,
    @inject(DeleteRepositoryHandler) private readonly deleteRepository: DeleteRepositoryHandler,
  ) {}

  async create(repository: NewRepository, context: CommandContext): Promise<Either<AppError, { repositoryId: number }>> {
    const repositoryId = await this.ids.next('repository');
    const name = await this.reserveFirstFreeName(repository, repositoryId, context);
    if (isLeft(name)) return name;
    const ownerId = repository.owner.id;
    const created = await releasedUnlessTakenUp(
      () =>
        handleCommand(
          this.eventStore,
          repositoryDecider,
          repositoryStream(repositoryId),
          {
            type: 'CreateRepository',
            repositoryId,
            ownerId,
            ownerType: repository.owner.type,
            name: name.right,
            settings: repository.settings,
            fork: repository.fork,
            initialCommit: repository.initialCommit && { ...repository.initialCommit, sha: initialCommitSha(repository.initialCommit, context.occurredAt) },
            now: context.occurredAt,
          },
          context,
        ),
      () =>
        handleCommand(
          this.eventStore,
          repositoryNameReservationDecider,
          repositoryNameStream(ownerId, name.right),
          {
            type: 'ReleaseRepositoryName',
            ownerId,
            name: name.right,
            repositoryId,
          },
          context,
        ),
    );
    if (isLeft(created)) return created;
    // The event is durable before the directory exists, and it is the fact: a git that fails
    // here (a full disk) does not undo it nor fail the request. The directory is built from the
    // event later, by the first git access (RepositoryGit.ensure) or the repository-directories
    // process, whichever comes first once git works again.
    await this.git.materialize((created.right.events[0] as RepositoryCreated).data).catch(() => undefined);
    await this.readYourWrites.settle(created.right.position);
    // Its owner deleted meanwhile, after the deletion listed the owner's repositories (checked
    // after recording, so one of the two sees the other): it goes as those did.
    if (repository.owner.type === 'User' && (await foldStream(this.eventStore, userDecider, userStream(ownerId))).status === 'deleted') {
      await this.deleteRepository.execute({ userId: context.actorId ?? 0, siteAdmin: true }, repositoryId, context);
      return left({ _tag: 'RepositoryOwnerNotFound', login: String(ownerId) });
    }
    return right({ repositoryId });
  }

  private async reserveFirstFreeName(repository: NewRepository, repositoryId: number, context: CommandContext): Promise<Either<AppError, string>> {
    let firstRefusal: AppError | undefined;
    for (const name of repository.names) {
      const reserved = await handleCommand(
        this.eventStore,
        repositoryNameReservationDecider,
        repositoryNameStream(repository.owner.id, name),
        {
          type: 'ReserveRepositoryName',
          ownerId: repository.owner.id,
          name,
          repositoryId,
        },
        context,
      );
      if (!isLeft(reserved)) return right(name);
      if (reserved.left._tag !== 'RepositoryNameTaken') return reserved;
      firstRefusal ??= reserved.left;
    }
    return left(firstRefusal ?? { _tag: 'RepositoryNameTaken', name: '' });
  }
}
