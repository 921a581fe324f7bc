import { ACTIVITY_PULL_HEADS_COLLECTION, branchTipId, closedHeadId, type ActivityPullHeadDocument } from '../../application/activity/activity.readModel.js';
import { PULL_REQUESTS_COLLECTION, type PullRequestDocument } from '../../application/pulls/pullRequests.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { RefMoved } from '../../domain/gitdata/refMoved.js';

const heads = (mirror: ProjectionTarget) => mirror.collection<ActivityPullHeadDocument>(ACTIVITY_PULL_HEADS_COLLECTION);

// Keeps what a pull request's head is at each event: its branch's tip as pushed (a deleted
// branch keeps its last tip, as the pull request does), and the head it was closed at, which
// pushes while closed do not move. Written before the event's activity is derived.
export async function trackPullHeads(event: StoredEvent, mirror: ProjectionTarget): Promise<void> {
  if (event.type === 'RefCreated' || event.type === 'RefUpdated') {
    const { repositoryId, ref, to } = event.data as RefMoved['data'];
    if (to === null || !ref.startsWith('refs/heads/')) return;
    const _id = branchTipId(repositoryId, ref);
    await heads(mirror).replaceOne({ _id }, { _id, sha: to }, { upsert: true });
    return;
  }
  if (event.type === 'PullRequestReopened') {
    await heads(mirror).deleteOne({ _id: closedHeadId((event.data as { pullRequestId: number }).pullRequestId) });
    return;
  }
  if (event.type === 'PullRequestClosed') {
    const pullRequestId = (event.data as { pullRequestId: number }).pullRequestId;
    const pull = await mirror.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION).findOne({ _id: String(pullRequestId) });
    if (!pull) return;
    const tip = await heads(mirror).findOne({ _id: branchTipId(pull.head.repository_id, `refs/heads/${pull.head.ref}`) });
    const _id = closedHeadId(pullRequestId);
    await heads(mirror).replaceOne({ _id }, { _id, sha: tip?.sha ?? pull.head.sha }, { upsert: true });
  }
}

// The head a pull request shows at an event: a merged one the head its merge recorded, a
// closed one the head it was closed at, an open one its branch's tip.
export async function headShaOf(pull: PullRequestDocument, mirror: ProjectionTarget): Promise<string> {
  if (pull.merged_at !== null) return pull.head.sha;
  const _id = pull.state === 'open' ? branchTipId(pull.head.repository_id, `refs/heads/${pull.head.ref}`) : closedHeadId(pull.id);
  return (await heads(mirror).findOne({ _id }))?.sha ?? pull.head.sha;
}
