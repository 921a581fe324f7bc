import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryGit } from '../repositories/repositoryGit.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { foldStream } from '../shared/handleCommand.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';

// The repository a Git Data operation works on: its bare directory built if it must be, the
// caller allowed to push when the operation writes, and 409 while it has no commit at all.
@injectable()
export class GitRepository {
  constructor(
    @inject(TOKENS.GitStorage) readonly git: GitStorage,
    @inject(RepositoryGit) private readonly repositoryGit: RepositoryGit,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
  ) {}

  // A write into the repository, answered 404 when the repository is gone once it is done: a
  // deletion sent at the same time took the objects it named ("Tree SHA does not exist", 422),
  // its refs ("Git Repository is empty", 409) or its directory (git's error) from under it, or
  // came after the write was decided; its refusal was the deletion's doing, not the request's.
  async whileThere<T>(repositoryId: number, write: () => Promise<Either<AppError, T>>): Promise<Either<AppError, T>> {
    const outcome = await write().catch(async (error: unknown) => {
      if (await this.gone(repositoryId)) return left<AppError, T>({ _tag: 'RepositoryNotFound' });
      throw error;
    });
    return (await this.gone(repositoryId)) ? left({ _tag: 'RepositoryNotFound' }) : outcome;
  }

  // Deleted (or never created), as the repository's stream says.
  private async gone(repositoryId: number): Promise<boolean> {
    return (await foldStream(this.eventStore, repositoryDecider, repositoryStream(repositoryId))).status !== 'active';
  }

  async forReading(repository: RepositoryDocument): Promise<Either<AppError, number>> {
    if (!(await this.repositoryGit.ensure(repository.id))) return left({ _tag: 'RepositoryNotFound' });
    if (!(await this.git.hasRefs(repository.id))) return left({ _tag: 'GitRepositoryEmpty' });
    return right(repository.id);
  }

  async forWriting(caller: AccessCaller, repository: RepositoryDocument, options: { allowEmpty?: boolean } = {}): Promise<Either<AppError, number>> {
    const allowed = await this.access.authorize(caller, repository, REPOSITORY_OPERATIONS.write);
    if (isLeft(allowed)) return allowed;
    if (options.allowEmpty) return (await this.repositoryGit.ensure(repository.id)) ? right(repository.id) : left({ _tag: 'RepositoryNotFound' });
    return this.forReading(repository);
  }
}
