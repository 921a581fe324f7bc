import { foldStream } from '../shared/handleCommand.js';
import { pullRequestDecider, pullRequestStream, type ExistingPullRequest } from '../../domain/pulls/pullRequest.decider.js';
import type { PullRequestMerged } from '../../domain/pulls/pullRequest.events.js';
import type { PullRequestPair, PullRequestPairReserved } from '../../domain/pulls/pullRequestPair.decider.js';
import { systemContext } from '../shared/commandContext.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import { STEP_DONE, type ProcessManager, type ProcessStep } from '../shared/processes/processManager.js';
import type { ReservationKind } from '../shared/processes/orphanReservations.js';
import type { MergedBaseBranch } from './mergedBaseBranch.js';
import type { PullRequestPairs } from './pullRequestPairs.js';

export const PULL_REQUEST_CONSEQUENCES = 'pull-request-consequences';

// The pull request now, folded from what changed since it was last asked for (its stream grows
// with every mergeability check). A merge's consequences read it after the merge too: a merged
// pull request keeps its repository and base for good (the decider refuses to move the base of
// one not open, or to reopen it).
async function pullRequestNow(eventStore: EventStore, pullRequestId: number): Promise<ExistingPullRequest | null> {
  const state = await foldStream(eventStore, pullRequestDecider, pullRequestStream(pullRequestId));
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
      const pull = await pullRequestNow(eventStore, pullRequestId);
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
            const pull = await pullRequestNow(eventStore, pullRequestId);
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
      const pull = await pullRequestNow(eventStore, pullRequestId);
      return pull !== null && pull.status === 'open' && pull.base.ref === base;
    },
    async release(reservation) {
      const { pullRequestId, ...pair } = reservation.data as PullRequestPairReserved['data'];
      await pairs.release(pair, pullRequestId, systemContext(clock.now()));
    },
  };
}
