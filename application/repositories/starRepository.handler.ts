import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { stargazerStream, starDecider } from '../../domain/repositories/repositoryInterest.deciders.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import type { SignedInCaller } from './createRepository.handler.js';

// PUT and DELETE /user/starred/{owner}/{repo}: anyone who can read the repository (archived
// ones included: a star changes nothing in the repository).
@injectable()
export class StarRepositoryHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
  ) {}

  async execute(caller: SignedInCaller, repositoryId: number, starred: boolean, context: CommandContext): Promise<Either<AppError, void>> {
    const loaded = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.read);
    if (isLeft(loaded)) return loaded;
    const command = {
      type: starred ? ('StarRepository' as const) : ('UnstarRepository' as const),
      repositoryId,
      userId: caller.userId,
      now: context.occurredAt,
    };
    const outcome = await handleCommand(this.eventStore, starDecider, stargazerStream(repositoryId, caller.userId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
