import { foldStream } from '../shared/handleCommand.js';
import { pullRequestDecider, pullRequestStream, type ExistingPullRequest } from '../../domain/pulls/pullRequest.decider.js';
import type { PullRequestEvent, PullRequestMerged } from '../../domain/pulls/pullRequest.events.js';
import type { PullRequestPair, PullRequestPairReserved } from '../../domain/pulls/pullRequestPair.decider.js';
import { systemContext } from '../shared/commandContext.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import { STEP_DONE, type ProcessManager, type ProcessStep } from '../shared/processes/processManager.js';
import type { ReservationKind } from '../shared/processes/orphanReservations.js';
import type { MergedBaseBranch } from './mergedBaseBranch.js';
import type { PullRequestPairs } from './pullRequestPairs.js';

export const PULL_REQUEST_CONSEQUENCES = 'pull-request-consequences';

// The pull request now, or as it was once `upTo` (a revision of its stream) was applied (a
// merge's consequences: read up to the merge, once per pull request).
async function pullRequestAt(eventStore: EventStore, pullRequestId: number, upTo?: number): Promise<ExistingPullRequest | null> {
  const state =
    upTo === undefined
      ? await foldStream(eventStore, pullRequestDecider, pullRequestStream(pullRequestId))
      : (await eventStore.readStream(pullRequestStream(pullRequestId), { maxCount: upTo + 1 }))
          .map((stored) => ({ type: stored.type, data: stored.data }) as PullRequestEvent)
          .reduce(pullRequestDecider.evolve, pullRequestDecider.initialState());
  return state.status === 'absent' ? null : state;
}

const pairOf = (pull: ExistingPullRequest, base: string): PullRequestPair => ({
  repositoryId: pull.repositoryId,
  base,
  headRepositoryId: pull.head.repositoryId,
  headRef: pull.head.ref,
});

// What a pull request's facts require of git and of the pair reservations, done by the
// handlers at once and again here, so a crash between the fact and its consequences
// is finished after the restart: a merged pull request's base branch holds the merge
// commit; a pull request holds no pair but the one it is open on.
export function pullRequestConsequences(eventStore: EventStore, baseBranch: MergedBaseBranch, pairs: PullRequestPairs, clock: Clock): ProcessManager {
  const releaseStalePairs = (pullRequestId: number, trigger: StoredEvent): ProcessStep => ({
    name: 'release-stale-pairs',
    async run() {
      const pull = await pullRequestAt(eventStore, pullRequestId);
      if (!pull) return STEP_DONE;
      for (const base of new Set(pull.bases)) {
        if (pull.status === 'open' && base === pull.base.ref) continue;
        await pairs.releaseIfReservedBefore(pairOf(pull, base), pullRequestId, trigger.position, systemContext(clock.now()));
      }
      return STEP_DONE;
    },
  });
  return {
    name: PULL_REQUEST_CONSEQUENCES,
    startsFrom: 'beginning',
    stepsFor(event) {
      const pullRequestId = (event.data as { pullRequestId?: number }).pullRequestId;
      if (pullRequestId === undefined || !event.streamId.startsWith('pull-request-')) return [];
      if (event.type === 'PullRequestMerged') {
        const { baseSha, mergeCommitSha } = event.data as PullRequestMerged['data'];
        const moveBaseBranch: ProcessStep = {
          name: 'move-base-branch',
          async run() {
            const pull = await pullRequestAt(eventStore, pullRequestId, event.revision);
            if (!pull) return STEP_DONE;
            const agreed = await baseBranch.makeAgree({ repositoryId: pull.repositoryId, baseRef: `refs/heads/${pull.base.ref}`, baseSha, mergeCommitSha });
            if (agreed === 'diverged') throw new Error(`${pull.base.ref} moved away from ${baseSha} without the merge commit ${mergeCommitSha}`);
            return STEP_DONE;
          },
        };
        return [moveBaseBranch, releaseStalePairs(pullRequestId, event)];
      }
      if (event.type === 'PullRequestClosed') return [releaseStalePairs(pullRequestId, event)];
      if (event.type === 'PullRequestEdited' && (event.data as { changes: { base?: unknown } }).changes.base !== undefined)
        return [releaseStalePairs(pullRequestId, event)];
      return [];
    },
  };
}

// A pair is held by the pull request open on it now.
export function pullRequestPairReservations(eventStore: EventStore, pairs: PullRequestPairs, clock: Clock): ReservationKind {
  return {
    reservedEventType: 'PullRequestPairReserved',
    async heldByItsHolder(reservation) {
      const { pullRequestId, base } = reservation.data as PullRequestPairReserved['data'];
      const pull = await pullRequestAt(eventStore, pullRequestId);
      return pull !== null && pull.status === 'open' && pull.base.ref === base;
    },
    async release(reservation) {
      const { pullRequestId, ...pair } = reservation.data as PullRequestPairReserved['data'];
      await pairs.release(pair, pullRequestId, systemContext(clock.now()));
    },
  };
}
