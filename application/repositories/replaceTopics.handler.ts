import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import type { ActiveRepository } from '../../domain/repositories/repository.state.js';
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

// GitHub's roles: maintainers and administrators manage topics. The answer is the topics this
// command decided (normalized), not the read model's: read after the turn, that may already
// hold a later request's (decidedRepository.ts).
@injectable()
export class ReplaceTopicsHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
  ) {}

  async execute(caller: AccessCaller, repositoryId: number, names: readonly string[], context: CommandContext): Promise<Either<AppError, readonly string[]>> {
    const loaded = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.maintain);
    if (isLeft(loaded)) return loaded;
    // In turn with the repository's other commands (editRepository.handler.ts).
    const stream = repositoryStream(repositoryId);
    const replaced = await inTurn(this.eventStore, stream, () =>
      handleCommand(this.eventStore, repositoryDecider, stream, { type: 'ReplaceTopics', names, now: context.occurredAt }, context),
    );
    if (isLeft(replaced)) return replaced;
    await this.readYourWrites.settle(replaced.right.position);
    // Accepted, so the repository was active when it was decided.
    return right((replaced.right.state as ActiveRepository).topics);
  }
}
