import { pullRequestDecider, pullRequestStream, type PullRequestState } from '../../domain/pulls/pullRequest.decider.js';
import type { PullRequestEvent } from '../../domain/pulls/pullRequest.events.js';
import { foldedState } from '../shared/foldedStates.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';

// One function for every reader: the folded states are kept per upcast function.
export const asPullRequestEvent = (stored: StoredEvent): PullRequestEvent => ({ type: stored.type, data: stored.data }) as PullRequestEvent;

// A pull request as its stream says now: what changed since it was last folded is read, not
// the whole stream (it grows with every test merge asked for).
export async function currentPullRequest(eventStore: EventStore, pullRequestId: number): Promise<PullRequestState> {
  return (await foldedState(eventStore, pullRequestDecider, pullRequestStream(pullRequestId), asPullRequestEvent)).state;
}
