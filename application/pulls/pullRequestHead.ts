import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';

export interface ResolvedHead {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly ref: string;
  // GitHub's label: "octocat:feature".
  readonly label: string;
}

// GitHub's `head`: a branch of the base repository, or `owner:branch` naming the base's own
// owner or the owner of a fork whose parent or network source is the base repository.
@injectable()
export class PullRequestHead {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  async resolve(caller: AccessCaller, base: RepositoryDocument, head: string): Promise<Either<AppError, ResolvedHead>> {
    const invalid = left<AppError>({ _tag: 'InvalidPullRequestHead', head });
    const colon = head.indexOf(':');
    const ref = colon < 0 ? head : head.slice(colon + 1);
    if (ref === '') return invalid;
    const owner =
      colon < 0 ? (await this.repositories.accountsByIds([base.owner_id])).get(base.owner_id) : await this.repositories.accountByLogin(head.slice(0, colon));
    if (!owner) return invalid;
    const repository = owner.id === base.owner_id ? base : (await this.repositories.forksInNetworkOwnedBy(owner.id, base.id))[0];
    if (!repository) return invalid;
    // A fork the caller cannot read is, for the caller, no fork at all.
    if (repository.id !== base.id && isLeft(await this.access.authorize(caller, repository, REPOSITORY_OPERATIONS.read))) return invalid;
    return right({ repository, owner, ref, label: `${owner.login}:${ref}` });
  }
}
