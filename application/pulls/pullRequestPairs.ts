import { inject, injectable } from 'inversify';
import { randomUUID } from 'node:crypto';
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import { pullRequestPairDecider, pullRequestPairStream, type PullRequestPair, type PullRequestPairEvent } from '../../domain/pulls/pullRequestPair.decider.js';
import type { AppError } from '../shared/appError.js';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// The one-open-pull-request rule, held in the log: opening, reopening or re-basing a pull
// request reserves its pair first; closing, merging or re-basing releases it after.
@injectable()
export class PullRequestPairs {
  constructor(@inject(TOKENS.EventStore) private readonly eventStore: EventStore) {}

  async reserve(pair: PullRequestPair, pullRequestId: number, headLabel: string, context: CommandContext): Promise<Either<AppError, unknown>> {
    return handleCommand(
      this.eventStore,
      pullRequestPairDecider,
      pullRequestPairStream(pair),
      { type: 'ReservePullRequestPair', pair, pullRequestId, headLabel },
      context,
    );
  }

  async release(pair: PullRequestPair, pullRequestId: number, context: CommandContext): Promise<Either<AppError, unknown>> {
    return handleCommand(
      this.eventStore,
      pullRequestPairDecider,
      pullRequestPairStream(pair),
      { type: 'ReleasePullRequestPair', pair, pullRequestId },
      context,
    );
  }

  // For a process finishing an older fact: a reservation the pull request made after that
  // fact (closed, then reopened at once) is not the one to release. Appended at the revision
  // read, so a reservation made meanwhile is not released either.
  async releaseIfReservedBefore(pair: PullRequestPair, pullRequestId: number, position: number, context: CommandContext): Promise<void> {
    const stream = pullRequestPairStream(pair);
    // The pair's state is its last event's (who holds it): the stream's end is read, not the
    // stream, which grows with every pull request ever opened on the same branches.
    const [last] = await this.eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
    if (!last || last.type !== 'PullRequestPairReserved' || last.position > position) return;
    const state = pullRequestPairDecider.evolve(pullRequestPairDecider.initialState(), { type: last.type, data: last.data } as PullRequestPairEvent);
    const decision = pullRequestPairDecider.decide({ type: 'ReleasePullRequestPair', pair, pullRequestId }, state);
    if (isLeft(decision) || decision.right.length === 0) return;
    const metadata = metadataFor(context);
    await this.eventStore.append(
      stream,
      decision.right.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata })),
      last.revision,
    );
  }
}
