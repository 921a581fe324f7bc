import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryGit } from '../repositories/repositoryGit.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// The repository a Git Data operation works on: its bare directory built if it must be, the
// caller allowed to push when the operation writes, and 409 while it has no commit at all.
@injectable()
export class GitRepository {
  constructor(
    @inject(TOKENS.GitStorage) readonly git: GitStorage,
    @inject(RepositoryGit) private readonly repositoryGit: RepositoryGit,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

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
