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

export interface ActivityFeedDocument extends Document {
  _id: string;
  entries: number[];
  // The newest event id written: a fan-out applied twice adds nothing the second time.
  head: number;
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
  readonly association: 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'NONE';
}

export interface RepositorySnapshot {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
}

export interface PullRequestSnapshot {
  readonly pull: PullRequestDocument;
  readonly user: UserDocument;
  readonly mergedBy: UserDocument | null;
  readonly base: RepositorySnapshot;
  readonly head: RepositorySnapshot | null;
  readonly association: 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'NONE';
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
