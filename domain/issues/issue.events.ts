import type { DomainEvent } from '../shared/event.js';

export type IssueStateReason = 'completed' | 'not_planned' | 'reopened';
export type LockReason = 'off-topic' | 'too heated' | 'resolved' | 'spam';

// Everything an issue shows is decided when it is opened; ids and the number come from
// their sequences before the event is written.
export type IssueOpened = DomainEvent<
  'IssueOpened',
  {
    readonly issueId: number;
    readonly repositoryId: number;
    readonly number: number;
    readonly authorId: number;
    readonly title: string;
    readonly body: string | null;
    readonly labelIds: readonly number[];
    readonly assigneeIds: readonly number[];
    readonly milestoneId: number | null;
    readonly openedAt: string;
  }
>;
// Only the fields that changed.
export type IssueEdited = DomainEvent<
  'IssueEdited',
  { readonly issueId: number; readonly changes: { readonly title?: string; readonly body?: string | null }; readonly editedAt: string }
>;
export type IssueClosed = DomainEvent<
  'IssueClosed',
  { readonly issueId: number; readonly stateReason: 'completed' | 'not_planned'; readonly closedBy: number; readonly closedAt: string }
>;
export type IssueReopened = DomainEvent<'IssueReopened', { readonly issueId: number; readonly reopenedBy: number; readonly reopenedAt: string }>;
// Absolute sets, so a projection applies them without knowing what came before.
export type IssueLabelsChanged = DomainEvent<
  'IssueLabelsChanged',
  { readonly issueId: number; readonly labelIds: readonly number[]; readonly changedAt: string }
>;
export type IssueAssigneesChanged = DomainEvent<
  'IssueAssigneesChanged',
  { readonly issueId: number; readonly assigneeIds: readonly number[]; readonly changedAt: string }
>;
export type IssueMilestoneChanged = DomainEvent<
  'IssueMilestoneChanged',
  { readonly issueId: number; readonly milestoneId: number | null; readonly changedAt: string }
>;
export type IssueLocked = DomainEvent<'IssueLocked', { readonly issueId: number; readonly lockReason: LockReason | null; readonly lockedAt: string }>;
export type IssueUnlocked = DomainEvent<'IssueUnlocked', { readonly issueId: number; readonly unlockedAt: string }>;

export type IssueEvent =
  IssueOpened | IssueEdited | IssueClosed | IssueReopened | IssueLabelsChanged | IssueAssigneesChanged | IssueMilestoneChanged | IssueLocked | IssueUnlocked;

export const ISSUE_EVENT_TYPES: ReadonlySet<string> = new Set<IssueEvent['type']>([
  'IssueOpened',
  'IssueEdited',
  'IssueClosed',
  'IssueReopened',
  'IssueLabelsChanged',
  'IssueAssigneesChanged',
  'IssueMilestoneChanged',
  'IssueLocked',
  'IssueUnlocked',
]);

export const issueStream = (issueId: number): string => `issue-${issueId}`;
