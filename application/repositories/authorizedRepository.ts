import { inject, injectable } from 'inversify';
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { RepositoryOperation, RepositoryPermission } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { RepositoryDocument } from './repositories.readModel.js';
import { RepositoryQueries } from './repository.queries.js';

export interface Authorized {
  readonly repository: RepositoryDocument;
  readonly role: RepositoryPermission;
}

// Every repository command starts here: the repository as the read model has it, and the
// access model's answer for this caller and operation (404, 403, or the caller's role).
@injectable()
export class AuthorizedRepository {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  // The operation may depend on the repository's state (an archived repository's edit).
  async load(
    caller: AccessCaller,
    repositoryId: number,
    operation: RepositoryOperation | ((repository: RepositoryDocument) => RepositoryOperation),
  ): Promise<Either<AppError, Authorized>> {
    const repository = await this.repositories.byId(repositoryId);
    if (!repository) return left({ _tag: 'RepositoryNotFound' });
    const role = await this.access.authorize(caller, repository, typeof operation === 'function' ? operation(repository) : operation);
    if (isLeft(role)) return role;
    return right({ repository, role: role.right });
  }
}
