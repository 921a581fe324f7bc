import { inject, injectable } from 'inversify';
import { isLeft, left, type Either } from 'fp-ts/lib/Either.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import { LostAccessConsequences } from './lostAccessConsequences.js';
import { RepositoryQueries } from './repository.queries.js';

@injectable()
export class RemoveCollaboratorHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(LostAccessConsequences) private readonly lostAccess: LostAccessConsequences,
  ) {}

  // Administrators remove anyone; a collaborator may also leave on their own, as on GitHub.
  // They are unassigned from its issues, and their star, subscription and private fork of a
  // repository they may no longer read go (LostAccessConsequences), as on GitHub.
  async execute(caller: AccessCaller, repositoryId: number, login: string, context: CommandContext): Promise<Either<AppError, void>> {
    const user = await this.repositories.accountByLogin(login);
    const leaving = user !== null && caller !== null && caller.userId === user.id;
    const loaded = await this.authorized.load(caller, repositoryId, leaving ? REPOSITORY_OPERATIONS.read : REPOSITORY_OPERATIONS.administer);
    if (isLeft(loaded)) return loaded;
    if (!user) return left({ _tag: 'UserNotFound', login });
    // Taking turns with the repository's other collaborator commands (SetCollaboratorHandler).
    const stream = repositoryStream(repositoryId);
    const removed = await inTurn(this.eventStore, stream, () =>
      handleCommand(this.eventStore, repositoryDecider, stream, { type: 'RemoveCollaborator', userId: user.id, now: context.occurredAt }, context),
    );
    if (isLeft(removed)) return removed;
    await this.readYourWrites.settle(removed.right.position);
    return this.lostAccess.ofCollaboratorRemoved(repositoryId, user, context);
  }
}
