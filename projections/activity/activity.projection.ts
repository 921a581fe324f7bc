import {
  ACTIVITY_ACCESS_CHANGES_COLLECTION,
  ACTIVITY_EVENTS_COLLECTION,
  ACTIVITY_FEEDS_COLLECTION,
  ACTIVITY_INVITERS_COLLECTION,
  ACTIVITY_PULL_HEADS_COLLECTION,
  FEED_RETAINED_DAYS,
  type ActivityEventDocument,
} from '../../application/activity/activity.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { OrganizationCreated } from '../../domain/accounts/organization.events.js';
import type { UserCreated } from '../../domain/accounts/user.events.js';
import type { CollaboratorInvited, RepositoryCreated, RepositoryDeleted, RepositoryEdited } from '../../domain/repositories/repository.events.js';
import {
  PUBLIC_FEED,
  ACTIVITY_IDS_PER_EVENT,
  activityEventId,
  actorFeed,
  networkFeed,
  organizationFeed,
  receivedFeed,
  repositoryFeed,
} from '../../domain/activity/feedKeys.js';
import { ACTIVITY_SOURCE_TYPES, deriveActivity, stateBefore, type ActivityDraft } from './activityEvents.derive.js';
import { closeFeeds, fanOut, openFeeds, withdrawFromPublicFeed } from './activityFeeds.apply.js';
import { applyToMirror, MIRROR_VERSION, mirrorCollections, mirrorTarget } from './activityMirror.js';
import { MirrorReads } from './mirrorReads.js';
import { recordAccessChange } from './accessChanges.apply.js';
import { trackPullHeads } from './pullHeads.apply.js';

async function openFeedsFor(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  switch (event.type) {
    // The public feed opens with the first account.
    case 'UserCreated': {
      const { userId } = event.data as UserCreated['data'];
      return openFeeds([PUBLIC_FEED, actorFeed(userId), receivedFeed(userId)], target);
    }
    case 'CollaboratorInvited': {
      const { invitationId, inviterId } = event.data as CollaboratorInvited['data'];
      await target
        .collection(ACTIVITY_INVITERS_COLLECTION)
        .replaceOne({ _id: String(invitationId) }, { _id: String(invitationId), inviter_id: inviterId }, { upsert: true });
      return;
    }
    case 'OrganizationCreated':
      return openFeeds([organizationFeed((event.data as OrganizationCreated['data']).orgId)], target);
    case 'RepositoryCreated': {
      const data = event.data as RepositoryCreated['data'];
      return openFeeds([repositoryFeed(data.repositoryId), ...(data.fork === null ? [networkFeed(data.repositoryId)] : [])], target);
    }
  }
}

async function record(event: StoredEvent, draft: ActivityDraft, index: number, mirror: MirrorReads, target: ProjectionTarget): Promise<void> {
  const repository = await mirror.repository(draft.repositoryId);
  const owner = repository && (await mirror.user(repository.owner_id));
  const actor = await mirror.user(draft.actorId);
  if (!repository || !owner || !actor) return;
  const id = activityEventId(event.position, index);
  const document: ActivityEventDocument = {
    _id: String(id),
    id,
    type: draft.type,
    actor: { id: actor.id, login: actor.login },
    repo: { id: repository.id, name: `${owner.login}/${repository.name}` },
    org: owner.type === 'Organization' ? { id: owner.id, login: owner.login } : null,
    public: !repository.private,
    created_at: event.metadata.occurredAt,
    payload: draft.payload,
  };
  await target.collection<ActivityEventDocument>(ACTIVITY_EVENTS_COLLECTION).replaceOne({ _id: document._id }, document, { upsert: true });
  await fanOut(document, repository, mirror, target);
}

// No feed shows an event older than 90 days, so records past that go: a few of the oldest per
// event recorded, so the records stay bounded by the window, not the history.
async function pruneExpired(now: string, target: ProjectionTarget): Promise<void> {
  const cutoff = Date.parse(now) - FEED_RETAINED_DAYS * 86_400_000;
  const records = target.collection<ActivityEventDocument>(ACTIVITY_EVENTS_COLLECTION);
  for (let pruned = 0; pruned < PRUNED_PER_EVENT; pruned++) {
    const [oldest] = await records.find({}, { sort: { created_at: 1, id: 1, type: 1 }, limit: 1 });
    if (!oldest || Date.parse(oldest.created_at) >= cutoff) return;
    await records.deleteOne({ _id: oldest._id });
  }
}

const PRUNED_PER_EVENT = 4;

// GitHub's activity events, derived from the domain events and fanned out into every feed
// that shows them (domain/activity/feedKeys.ts), each showing its newest 300 (kept in chunks,
// activity.readModel.ts): a page read costs what the page holds, whatever the history.
// Eventual: a write never waits for it.
export const activityProjection: Projection = {
  name: 'activity',
  // 1000 × its own version (4: feeds in chunks, times in seconds, access changes; 5: and a
  // member's; 6: pull requests' labels and assignees; 7: their heads as pushed; 8: and the
  // changes of those whose author was deleted; 9: the network feeds of forks detached from a
  // repository made private; 10: and from one made public; 11: author_association names an
  // organization's publicized members; 12: its owners MEMBER too; 13: and contributors by their
  // pull requests, CONTRIBUTOR, FIRST_TIMER, FIRST_TIME_CONTRIBUTOR) + the mirrored projections'
  // versions: a change in any of them rebuilds this one.
  version: 13 * 1000 + MIRROR_VERSION,
  consistency: 'eventual',
  collections: [
    // Oldest first, for pruning (three fields: the embedded store keeps it ordered).
    { name: ACTIVITY_EVENTS_COLLECTION, indexes: [{ name: 'created', keys: { created_at: 1, id: 1, type: 1 } }] },
    { name: ACTIVITY_FEEDS_COLLECTION, indexes: [] },
    { name: ACTIVITY_INVITERS_COLLECTION, indexes: [] },
    { name: ACTIVITY_PULL_HEADS_COLLECTION, indexes: [] },
    { name: ACTIVITY_ACCESS_CHANGES_COLLECTION, indexes: [] },
    ...mirrorCollections,
  ],
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    const mirrorModels = mirrorTarget(target);
    const mirror = new MirrorReads(mirrorModels);
    const before = ACTIVITY_SOURCE_TYPES.has(event.type) ? await stateBefore(event, mirror) : {};
    // The base permission's members are read before the event is mirrored (as of the change).
    await recordAccessChange(event, target, mirrorModels);
    await applyToMirror(event, mirrorModels);
    await trackPullHeads(event, mirrorModels);
    await openFeedsFor(event, target);
    if (event.type === 'RepositoryDeleted') {
      const { repositoryId } = event.data as RepositoryDeleted['data'];
      await closeFeeds([repositoryFeed(repositoryId)], target);
      await withdrawFromPublicFeed(repositoryId, Date.parse(event.metadata.occurredAt), target);
    }
    if (event.type === 'RepositoryEdited' && (event.data as RepositoryEdited['data']).changes.private !== undefined) {
      const { repositoryId, changes } = event.data as RepositoryEdited['data'];
      if (changes.private) await withdrawFromPublicFeed(repositoryId, Date.parse(event.metadata.occurredAt), target);
      // Its forks of the other visibility were detached (the repositories projection, mirrored
      // above: made private, its public forks; made public, its private ones): each is the root
      // of a network of its own now, whose feed opens as a new repository's does.
      const detached = await mirrorModels
        .collection<RepositoryDocument>(REPOSITORIES_COLLECTION)
        .find({ detached_from_id: repositoryId }, { projection: { id: 1 } });
      await openFeeds(
        detached.map((fork) => networkFeed(fork.id)),
        target,
      );
    }
    if (!ACTIVITY_SOURCE_TYPES.has(event.type)) return;
    const drafts = (await deriveActivity(event, before, mirror)).slice(0, ACTIVITY_IDS_PER_EVENT);
    for (const [index, draft] of drafts.entries()) await record(event, draft, index, mirror, target);
    if (drafts.length > 0) await pruneExpired(event.metadata.occurredAt, target);
  },
};
