import type { PullRequestMergeabilityRequested } from '../../domain/pulls/pullRequest.events.js';
import { STEP_DONE, type ProcessManager } from '../shared/processes/processManager.js';
import type { PullRequestMergeability } from './mergeability.js';

export const MERGEABILITY = 'mergeability';

// Runs each test merge asked for, in the background, once.
export function mergeabilityChecks(mergeability: PullRequestMergeability): ProcessManager {
  return {
    name: MERGEABILITY,
    startsFrom: 'beginning',
    stepsFor(event) {
      if (event.type !== 'PullRequestMergeabilityRequested') return [];
      const { pullRequestId, baseSha, headSha, requestedAt } = event.data as PullRequestMergeabilityRequested['data'];
      return [
        {
          name: 'test-merge',
          async run() {
            await mergeability.testMerge(pullRequestId, baseSha, headSha, requestedAt);
            return STEP_DONE;
          },
        },
      ];
    },
  };
}
