import { ACTIVITY_INVITERS_COLLECTION, ACTIVITY_PULL_HEADS_COLLECTION } from '../../application/activity/activity.readModel.js';
import { ACTOR_LOGINS_COLLECTION, CREDENTIALS_COLLECTION } from '../../application/accounts/users.readModel.js';
import { REPOSITORY_ISSUE_COUNTS_COLLECTION } from '../../application/issues/issues.readModel.js';
import { DELETED_COPIES_COLLECTIONS } from '../../application/shared/deletedCopies.js';
import type { Projection, ProjectionCollection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Collection, Document, IndexSpec, WriteResult } from '../../application/shared/ports/readModelStore.port.js';
import { usersProjection } from '../accounts/users.projection.js';
import { organizationsProjection } from '../accounts/organizations.projection.js';
import { repositoriesProjection } from '../repositories/repositories.projection.js';
import { pullRequestsProjection } from '../pulls/pullRequests.projection.js';
import { issuesProjection } from '../issues/issues.projection.js';

// The activity projection runs in a lane of its own and is rebuilt on its own, so it cannot
// read the other projections' collections: they may be ahead of the event it applies (the
// issue already edited when its opening is recorded), and a rebuild would snapshot today's
// state into old events. It keeps its own copy instead, written by the same apply functions
// into collections under this prefix: the state exactly as of each event, and the feeds a
// pure function of the log.
export const MIRROR_PREFIX = 'activity_mirror__';
const MIRRORED: readonly Projection[] = [usersProjection, organizationsProjection, repositoriesProjection, pullRequestsProjection, issuesProjection];

// Credentials (password hashes, second-factor secrets) are not copied.
const NOT_MIRRORED: ReadonlySet<string> = new Set([CREDENTIALS_COLLECTION]);
// Counters no apply function and no activity reads (the counts only serve the API): their
// writes, one per issue opened or closed, are dropped; so are the actors' logins (audit only). Still declared, so that a rebuild drops
// what an earlier version wrote there.
const NEVER_READ: ReadonlySet<string> = new Set([REPOSITORY_ISSUE_COUNTS_COLLECTION, ACTOR_LOGINS_COLLECTION]);
const DELETED_COPIES: ReadonlySet<string> = new Set(Object.values(DELETED_COPIES_COLLECTIONS));
// Read through the mirror, but the activity projection's own.
const OWN_COLLECTIONS: ReadonlySet<string> = new Set([ACTIVITY_INVITERS_COLLECTION, ACTIVITY_PULL_HEADS_COLLECTION]);

// The mirror is read by id and by a leading field (a repository's issues, a user's follows),
// never in pages: an index of three or more top-level fields (a list's order, which the
// embedded store keeps as a sorted tree per index, the most costly write of a replay and much
// of its memory) becomes a plain index on its first field; the others are kept as they are,
// a look-up of nested fields too (the open pull requests of a pushed branch: on its first
// field alone, a push would test every pull request ever opened from the repository).
function mirrorIndexes(indexes: readonly IndexSpec[]): IndexSpec[] {
  const kept: IndexSpec[] = [];
  const keysOf = (spec: IndexSpec): string => JSON.stringify(spec.keys);
  for (const spec of indexes) {
    const fields = Object.keys(spec.keys);
    const keptInOrder = fields.length >= 3 && !spec.unique && fields.every((field) => !field.includes('.'));
    const mirrored = keptInOrder ? { name: fields[0]!, keys: { [fields[0]!]: 1 as const } } : spec;
    if (!kept.some((other) => keysOf(other) === keysOf(mirrored) || other.name === mirrored.name)) kept.push(mirrored);
  }
  return kept;
}

export const mirrorCollections: readonly ProjectionCollection[] = MIRRORED.flatMap((projection) =>
  projection.collections
    .filter((collection) => !NOT_MIRRORED.has(collection.name))
    .map((collection) => ({
      ...collection,
      name: MIRROR_PREFIX + collection.name,
      // The read-your-writes model it mirrors holds the same documents once both applied an event.
      twin: collection.name,
      // Deleted copies are pruned by a range of deletion times: their ordered index stays.
      ...(collection.indexes && !DELETED_COPIES.has(collection.name) ? { indexes: mirrorIndexes(collection.indexes) } : {}),
    })),
);

// Changes when any mirrored projection changes meaning, so the activity model is rebuilt too.
export const MIRROR_VERSION = MIRRORED.reduce((sum, projection) => sum + projection.version, 0);

const NOTHING: WriteResult = { matched: 0, modified: 0, upserted: false };

// Reads find nothing, writes are dropped.
const discarded: Collection = {
  find: async () => [],
  findOne: async () => null,
  count: async () => 0,
  insertOne: async () => {},
  updateOne: async () => NOTHING,
  updateMany: async () => NOTHING,
  replaceOne: async () => NOTHING,
  deleteOne: async () => 0,
  deleteMany: async () => 0,
  createIndexes: async () => {},
  writeBatch: async () => {},
};

export function mirrorTarget(target: ProjectionTarget): ProjectionTarget {
  return {
    collection: <T extends Document>(name: string) =>
      (NOT_MIRRORED.has(name) || NEVER_READ.has(name)
        ? discarded
        : target.collection<T>(OWN_COLLECTIONS.has(name) ? name : MIRROR_PREFIX + name)) as Collection<T>,
    search: target.search,
    searchIndexName: (name) => target.searchIndexName(name),
  };
}

export async function applyToMirror(event: StoredEvent, mirror: ProjectionTarget): Promise<void> {
  for (const projection of MIRRORED) {
    // As the runner does: a projection is not handed the events it says it leaves alone.
    if (projection.eventTypes === undefined || projection.eventTypes.has(event.type)) await projection.apply(event, mirror);
  }
}
