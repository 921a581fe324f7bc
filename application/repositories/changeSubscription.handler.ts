import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { subscriptionDecider, watcherStream, type SubscriptionCommand } from '../../domain/repositories/repositoryInterest.deciders.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import type { SignedInCaller } from './createRepository.handler.js';

// null deletes the subscription (DELETE /repos/{owner}/{repo}/subscription).
export type SubscriptionChange = { readonly subscribed: boolean; readonly ignored: boolean } | null;

@injectable()
export class ChangeSubscriptionHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
  ) {}

  async execute(caller: SignedInCaller, repositoryId: number, change: SubscriptionChange, context: CommandContext): Promise<Either<AppError, void>> {
    const loaded = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.read);
    if (isLeft(loaded)) return loaded;
    const base = { repositoryId, userId: caller.userId, now: context.occurredAt };
    const command: SubscriptionCommand = change === null ? { type: 'DeleteSubscription', ...base } : { type: 'SetSubscription', ...base, ...change };
    const outcome = await handleCommand(this.eventStore, subscriptionDecider, watcherStream(repositoryId, caller.userId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
