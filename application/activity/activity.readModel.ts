import type { AuthorAssociation } from '../../domain/shared/authorAssociation.js';
import type { IssueCommentDocument, IssueDocument, LabelDocument, MilestoneDocument } from '../issues/issues.readModel.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { PullRequestDocument } from '../pulls/pullRequests.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

// The activity projection writes these: one record per activity event, and the feeds that
// list them. A record is a snapshot taken when its event was applied (logins, names, the
// issue as it was), so a feed shows what happened then and rebuilds to the same bytes.
export const ACTIVITY_EVENTS_COLLECTION = 'activity_events';
export const ACTIVITY_FEEDS_COLLECTION = 'activity_feeds';
// Who sent each repository invitation: GitHub's MemberEvent is the inviter's, recorded when
// the invitee accepts (the invitation itself is gone by then).
export const ACTIVITY_INVITERS_COLLECTION = 'activity_inviters';
// Pull request heads as git moved them (the pull request's own document keeps the head it was
// opened with until a merge): each branch's last tip (`<repository id>:<ref>`), and the head a
// pull request was closed at (`pull-<id>`), so its events show the head it had then.
export const ACTIVITY_PULL_HEADS_COLLECTION = 'activity_pull_heads';

export interface ActivityPullHeadDocument extends Document {
  _id: string;
  sha: string;
}

export const branchTipId = (repositoryId: number, ref: string): string => `${repositoryId}:${ref}`;
export const closedHeadId = (pullRequestId: number): string => `pull-${pullRequestId}`;

// When who may read a repository last changed (visibility, deletion, transfer, collaborators):
// events leave or join feeds then without a new one, so a feed's Last-Modified must not be
// older than that (activityFeeds.query.ts). One document per repository, replaced.
export const ACTIVITY_ACCESS_CHANGES_COLLECTION = 'activity_access_changes';

// When what a feed shows last changed without a new event: per repository (its visibility,
// collaborators, deletion, transfer), or per user (an organization membership gained, lost
// or changed, or the organization's base permission: what that member may read).
export interface ActivityAccessChangeDocument extends Document {
  _id: string; // String(repository_id), or userAccessChangeId(user_id)
  repository_id?: number;
  user_id?: number;
  changed_at: number; // milliseconds
}

export const userAccessChangeId = (userId: number): string => `user-${userId}`;

// GitHub keeps the newest 300 events of a feed; FORGELOG_ACTIVITY_FEED_LIMIT may show fewer.
export const FEED_RETAINED_EVENTS = 300;
// And events of the last 90 days; FORGELOG_ACTIVITY_MAX_AGE_DAYS may show fewer days.
export const FEED_RETAINED_DAYS = 90;

// A feed's entries, newest first, four numbers each (kept flat so that adding one copies
// numbers, not objects): the event id, its time (feedEntryTime), its repository id, and 1
// when the event was public. What a reader filters on, without loading the records.
export const ENTRY_WIDTH = 4;

// An entry's time is in whole seconds (as created_at shows it) since 2020-01-01, so that all
// four numbers are small integers, which V8 keeps unboxed. A list holding a larger number
// (milliseconds since 1970) is a list of doubles, and freezing it, as the store does with
// every document it keeps, boxes each one: 5 µs per feed of 300 entries, most of a
// fan-out's time. Any time still works (a number is a number), only slower.
const FEED_TIME_ORIGIN_MS = Date.UTC(2020, 0, 1);

export function feedEntryTime(milliseconds: number): number {
  return Math.floor((milliseconds - FEED_TIME_ORIGIN_MS) / 1000);
}

export function feedEntryMilliseconds(entryTime: number): number {
  return FEED_TIME_ORIGIN_MS + entryTime * 1000;
}

// A feed is written in chunks of 16 entries so that adding one copies at most 64 numbers:
// `entries` holds the newest (size of them), and once full it moves whole, as one frozen
// list, to the front of `older`. Nineteen older chunks keep 304 events or more, of which
// readers see the newest 300 (feedEntries). (One list of 1,200 numbers, copied and frozen
// at every write, made the garbage of 10 KB per feed written most of a fan-out's cost.)
export const FEED_CHUNK_EVENTS = 16;
export const FEED_OLDER_CHUNKS = Math.ceil(FEED_RETAINED_EVENTS / FEED_CHUNK_EVENTS);

export interface ActivityFeedDocument extends Document {
  _id: string;
  entries: number[];
  // How many entries `entries` holds (a number MongoDB can filter on).
  size: number;
  // Full chunks, newest first, each FEED_CHUNK_EVENTS entries (a few more when two writers
  // met: activityFeeds.apply.ts).
  older: number[][];
  // The newest event id written: a fan-out applied twice adds nothing the second time.
  head: number;
  // When entries last left the feed (the public feed's, withdrawn), in milliseconds.
  changed_at?: number;
}

// A feed's newest 300 entries (it keeps up to 320), newest first, as one flat list.
export function feedEntries(feed: ActivityFeedDocument | null): number[] {
  if (!feed) return [];
  const all: number[] = [];
  const retained = FEED_RETAINED_EVENTS * ENTRY_WIDTH;
  for (const chunk of [feed.entries, ...feed.older]) {
    for (let i = 0; i < chunk.length && all.length < retained; i++) all.push(chunk[i]!);
  }
  return all;
}

// Entries (newest first, flat) as a feed's fields, every older chunk full.
export function feedChunksOf(entries: readonly number[]): Pick<ActivityFeedDocument, 'entries' | 'size' | 'older'> {
  const chunkLength = FEED_CHUNK_EVENTS * ENTRY_WIDTH;
  const headLength = entries.length % chunkLength;
  const older: number[][] = [];
  for (let start = headLength; start < entries.length && older.length < FEED_OLDER_CHUNKS; start += chunkLength)
    older.push(entries.slice(start, start + chunkLength));
  return { entries: entries.slice(0, headLength), size: headLength / ENTRY_WIDTH, older };
}

export interface ActivityAccount {
  readonly id: number;
  readonly login: string;
}

// Snapshots of the read-model documents an event's payload shows, encoded when read (the
// URLs in them depend on the address the API is reached at).
export interface IssueSnapshot {
  readonly issue: IssueDocument;
  readonly users: readonly UserDocument[];
  readonly labels: readonly LabelDocument[];
  readonly milestone: MilestoneDocument | null;
  readonly association: AuthorAssociation;
}

export interface RepositorySnapshot {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
}

export interface PullRequestSnapshot {
  readonly pull: PullRequestDocument;
  // null once its author's account was deleted (encoded as the ghost, users.encoders.ts).
  readonly user: UserDocument | null;
  readonly mergedBy: UserDocument | null;
  readonly base: RepositorySnapshot;
  readonly head: RepositorySnapshot | null;
  readonly association: AuthorAssociation;
  // Its conversation then (absent from records made before they were kept: none, unlocked).
  readonly comments?: number;
  readonly locked?: boolean;
  readonly active_lock_reason?: string | null;
  // Its issue side then (absent from records made before pull requests had one: none).
  readonly labels?: readonly LabelDocument[];
  readonly assignees?: readonly UserDocument[];
  readonly milestone?: { readonly milestone: MilestoneDocument; readonly creator: UserDocument | undefined } | null;
}

// The payload as stored: GitHub's fields where they are plain values, snapshots where
// GitHub embeds an object (issue, comment, pull_request, forkee, member, label, assignee).
export interface StoredPayload {
  readonly [field: string]: unknown;
  readonly action: string;
  readonly issue?: IssueSnapshot;
  readonly comment?: {
    readonly comment: IssueCommentDocument;
    readonly user: UserDocument;
    readonly issueNumber: number;
    readonly association: IssueSnapshot['association'];
  };
  readonly pull_request?: PullRequestSnapshot;
  readonly forkee?: RepositorySnapshot;
  readonly member?: UserDocument;
  readonly assignee?: UserDocument;
  readonly label?: LabelDocument;
}

export interface ActivityEventDocument extends Document {
  _id: string; // String(id)
  id: number;
  type: string;
  actor: ActivityAccount;
  repo: { readonly id: number; readonly name: string };
  org: ActivityAccount | null;
  public: boolean;
  created_at: string;
  payload: StoredPayload;
}
