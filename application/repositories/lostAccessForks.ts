import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryDocument } from './repositories.readModel.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { DeleteRepositoryHandler } from './deleteRepository.handler.js';
import { RepositoryQueries } from './repository.queries.js';
import type { LostAccess } from './lostAccess.js';

// GitHub deletes a user's private forks of a private repository once the user may no longer
// read it (removed as a collaborator, or from its organization): kept, a fork would go on
// serving its owner the code of a repository they lost access to. A fork of a repository the
// user still reads another way (their organization's base permission) stays, and so does a
// public fork (a public repository's forks are public; one made private later is split off
// as its own network on GitHub, not deleted).
@injectable()
export class LostAccessForks {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(DeleteRepositoryHandler) private readonly deleteRepository: DeleteRepositoryHandler,
  ) {}

  // After the user lost some access: every private fork of theirs whose parent they may no
  // longer read is deleted, as the system (the fork's owner did not ask for it). A refusal
  // (a fork locked by a migration) is answered; the request repeated finishes the job.
  // Among the user's forks of the repositories the access lost was to: one repository's (a
  // collaborator removed: the user's one fork of it) or an organization's (a member removed:
  // their private forks of its repositories, by index), not all their private forks.
  async deleteUnreadableBy(user: Pick<UserDocument, 'id' | 'site_admin'>, context: CommandContext, lost: LostAccess): Promise<Either<AppError, void>> {
    const forks =
      'ownerId' in lost
        ? await this.repositories.privateForksOfOwnerRepositories(user.id, lost.ownerId)
        : (await Promise.all(lost.repositoryIds.map((parentId) => this.repositories.forkOwnedBy(user.id, parentId)))).filter(
            (fork): fork is RepositoryDocument => fork !== null && fork.private,
          );
    if (forks.length === 0) return right(undefined);
    const parents = new Map(
      (await this.repositories.byIds(forks.flatMap((fork) => (fork.parent_id === null ? [] : [fork.parent_id])))).map((parent) => [parent.id, parent]),
    );
    const owner = { userId: user.id, siteAdmin: user.site_admin };
    const system = { userId: context.actorId ?? 0, siteAdmin: true };
    for (const fork of forks) {
      const parent = fork.parent_id === null ? undefined : parents.get(fork.parent_id);
      // A deleted parent took its private forks with it (DeleteRepositoryHandler).
      if (!parent || !parent.private || (await this.access.roleFor(owner, parent)) !== 'none') continue;
      const deleted = await this.deleteRepository.execute(system, fork.id, context);
      if (isLeft(deleted) && deleted.left._tag !== 'RepositoryNotFound') return deleted;
    }
    return right(undefined);
  }
}
