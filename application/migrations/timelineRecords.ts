import type { LabelDocument, MilestoneDocument } from '../issues/issues.readModel.js';
import type { StoredEvent } from '../shared/ports/eventStore.port.js';
import type { IssueEvent } from '../../domain/issues/issue.events.js';
import type { PullRequestEvent } from '../../domain/pulls/pullRequest.events.js';
import type { ArchiveUrls, Logins } from './migrationRecords.js';

// An issue's or a pull request's timeline as GitHub's migration archive writes it: one
// `issue_event` record per event, flat, naming what it is about by web URL (`issue` or
// `pull_request`, `actor`, `subject` for an assignee) and carrying the event's own fields as
// `label`/`label_name`/`label_color`, `milestone_title`, `title_was`/`title_is`, `lock_reason`,
// `commit_id`/`commit_repository` (the fields GitHub's exporter writes and its importers read).
// Built from the streams the export reads once per issue (its issue stream and, for a pull
// request, its pull request stream): what each event changed is found by folding them, so no
// event needs anything read beyond the maps the export already holds.

export interface TimelineSubject {
  readonly kind: 'issue' | 'pull_request';
  readonly url: string;
  readonly repositoryUrl: string;
  readonly labels: ReadonlyMap<number, LabelDocument>;
  readonly milestones: ReadonlyMap<number, MilestoneDocument>;
}

type TimelineEvent = IssueEvent | PullRequestEvent;

interface Folded {
  title: string | null;
  labelIds: readonly number[];
  assigneeIds: readonly number[];
  milestoneId: number | null;
}

type Fields = Record<string, unknown>;
interface Entry {
  readonly event: string;
  readonly actorId: number | null;
  readonly fields?: Fields;
}

// When the event says it happened (the time the read models show, kept by an import), else
// when it was recorded.
const TIME_FIELDS = ['openedAt', 'editedAt', 'closedAt', 'reopenedAt', 'changedAt', 'lockedAt', 'unlockedAt', 'mergedAt'] as const;
function timeOf(stored: StoredEvent): string {
  const data = stored.data as Record<string, unknown>;
  for (const field of TIME_FIELDS) if (typeof data[field] === 'string') return data[field] as string;
  return stored.metadata.occurredAt;
}

const added = (before: readonly number[], after: readonly number[]) => after.filter((id) => !before.includes(id));

// The accounts the records will name (actors and assignees), so the export learns their logins
// once per page of issues.
export function timelineAccountIds(events: readonly StoredEvent[]): number[] {
  const ids: number[] = [];
  for (const stored of events) {
    if (stored.metadata.actorId !== null) ids.push(stored.metadata.actorId);
    const data = stored.data as Record<string, unknown>;
    for (const key of ['closedBy', 'reopenedBy', 'mergedBy', 'authorId'] as const) if (typeof data[key] === 'number') ids.push(data[key] as number);
    if (Array.isArray(data.assigneeIds)) ids.push(...(data.assigneeIds as number[]));
  }
  return ids;
}

// The records of one issue's or pull request's events, oldest first (`events` in log order).
export function timelineRecords(events: readonly StoredEvent[], subject: TimelineSubject, logins: Logins, urls: ArchiveUrls): Record<string, unknown>[] {
  const state: Folded = { title: null, labelIds: [], assigneeIds: [], milestoneId: null };
  const records: Record<string, unknown>[] = [];
  const userUrl = (id: number | null) => urls.user(logins(id) ?? 'ghost');
  for (const stored of events) {
    const entries = entriesOf({ type: stored.type, data: stored.data } as TimelineEvent, stored.metadata.actorId, state, subject, userUrl);
    entries.forEach((entry, index) =>
      records.push({
        type: 'issue_event',
        url: `${subject.url}#event-${stored.position}${index === 0 ? '' : `-${index}`}`,
        [subject.kind]: subject.url,
        actor: userUrl(entry.actorId),
        event: entry.event,
        ...entry.fields,
        created_at: timeOf(stored),
      }),
    );
  }
  return records;
}

// What one event adds to the timeline, given the state before it (which it then moves on).
function entriesOf(event: TimelineEvent, actorId: number | null, state: Folded, subject: TimelineSubject, userUrl: (id: number | null) => string): Entry[] {
  const labelEntry = (name: 'labeled' | 'unlabeled') => (id: number) => {
    const label = subject.labels.get(id);
    // A label deleted since: its name and colour are gone with it.
    if (!label) return [];
    const fields = { label: `${subject.repositoryUrl}/labels/${encodeURIComponent(label.name)}`, label_name: label.name, label_color: label.color };
    return [{ event: name, actorId, fields }];
  };
  const milestoneEntry = (name: 'milestoned' | 'demilestoned', id: number | null) => {
    const milestone = id === null ? undefined : subject.milestones.get(id);
    return milestone ? [{ event: name, actorId, fields: { milestone_title: milestone.title } }] : [];
  };
  const assigneeEntry = (name: 'assigned' | 'unassigned') => (id: number) => [{ event: name, actorId, fields: { subject: userUrl(id) } }];
  const labels = (labelIds: readonly number[]) => {
    const entries = [...added(labelIds, state.labelIds).flatMap(labelEntry('unlabeled')), ...added(state.labelIds, labelIds).flatMap(labelEntry('labeled'))];
    state.labelIds = labelIds;
    return entries;
  };
  const assignees = (assigneeIds: readonly number[]) => {
    const entries = [
      ...added(assigneeIds, state.assigneeIds).flatMap(assigneeEntry('unassigned')),
      ...added(state.assigneeIds, assigneeIds).flatMap(assigneeEntry('assigned')),
    ];
    state.assigneeIds = assigneeIds;
    return entries;
  };
  const milestone = (milestoneId: number | null) => {
    if (milestoneId === state.milestoneId) return [];
    const entries = [...milestoneEntry('demilestoned', state.milestoneId), ...milestoneEntry('milestoned', milestoneId)];
    state.milestoneId = milestoneId;
    return entries;
  };
  const renamed = (title: string | undefined) => {
    if (title === undefined || state.title === null || title === state.title) {
      if (title !== undefined) state.title = title;
      return [];
    }
    const entry = { event: 'renamed', actorId, fields: { title_was: state.title, title_is: title } };
    state.title = title;
    return [entry];
  };
  switch (event.type) {
    // What an issue is opened with shows on GitHub's timeline as its first events.
    case 'IssueOpened': {
      const opener = actorId ?? event.data.authorId;
      state.title = event.data.title;
      return [...labels(event.data.labelIds), ...assignees(event.data.assigneeIds), ...milestone(event.data.milestoneId)].map((entry) => ({
        ...entry,
        actorId: opener,
      }));
    }
    case 'PullRequestOpened':
      state.title = event.data.title;
      return [];
    case 'IssueEdited':
      return renamed(event.data.changes.title);
    case 'PullRequestEdited':
      return renamed(event.data.changes.title);
    case 'IssueClosed':
      return [{ event: 'closed', actorId: event.data.closedBy }];
    case 'IssueReopened':
      return [{ event: 'reopened', actorId: event.data.reopenedBy }];
    case 'PullRequestClosed':
      return [{ event: 'closed', actorId }];
    case 'PullRequestReopened':
      return [{ event: 'reopened', actorId }];
    // GitHub's timeline has a merge as `merged` then `closed`, both naming the merge commit.
    case 'PullRequestMerged': {
      const fields = { commit_id: event.data.mergeCommitSha, commit_repository: subject.repositoryUrl };
      return [
        { event: 'merged', actorId: event.data.mergedBy, fields },
        { event: 'closed', actorId: event.data.mergedBy, fields },
      ];
    }
    case 'IssueLabelsChanged':
      return labels(event.data.labelIds);
    case 'IssueAssigneesChanged':
      return assignees(event.data.assigneeIds);
    case 'IssueMilestoneChanged':
      return milestone(event.data.milestoneId);
    case 'IssueLocked':
      return [{ event: 'locked', actorId, fields: { lock_reason: event.data.lockReason } }];
    case 'IssueUnlocked':
      return [{ event: 'unlocked', actorId }];
    default:
      return [];
  }
}
