import { inject, injectable } from 'inversify';
import { REPOSITORY_BOUND_SEARCH_PROJECTIONS } from '../search/searchIndexes.js';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { normalizeRepositoryName } from '../../domain/repositories/repositoryName.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import { moveRepository } from './repositoryMove.js';
import { RepositoryQueries } from './repository.queries.js';

export interface TransferRepositoryInput {
  readonly newOwner: string;
  readonly newName?: string;
}

// GitHub asks a receiving user to accept a transfer; forgelog moves the repository at once.
// Into an organization, the caller must be allowed to create repositories there. A private
// fork is not transferred.
@injectable()
export class TransferRepositoryHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  async execute(caller: AccessCaller, repositoryId: number, input: TransferRepositoryInput, context: CommandContext): Promise<Either<AppError, void>> {
    const loaded = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.administer);
    if (isLeft(loaded)) return loaded;
    const { repository } = loaded.right;
    // GitHub: "Private forks can't be transferred." Moved to an account that cannot read its
    // source, a private fork would hand that account the source's code (and its administration).
    if (repository.private && repository.upstream_owner_id !== null) return left({ _tag: 'PrivateForkNotTransferable' });
    const target = await this.repositories.accountByLogin(input.newOwner);
    if (!target) return left({ _tag: 'TransferTargetNotFound', login: input.newOwner });
    if (target.type === 'Organization' && !(await this.access.mayCreateRepositoryIn(caller, target))) {
      return left({ _tag: 'RepositoryCreationForbidden', ownerLogin: target.login });
    }
    const name = normalizeRepositoryName(input.newName ?? repository.name);
    if (isLeft(name)) return left({ _tag: 'InvalidRepositoryName', name: input.newName ?? repository.name, problem: name.left });
    const moved = await moveRepository(this.eventStore, repository, { ownerId: target.id, ownerType: target.type, name: name.right }, context);
    if (isLeft(moved)) return moved;
    await this.readYourWrites.settleIncluding(moved.right.position, REPOSITORY_BOUND_SEARCH_PROJECTIONS);
    return right(undefined);
  }
}
