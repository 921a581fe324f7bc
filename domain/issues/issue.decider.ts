import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { IssueEvent, IssueLocked, IssueOpened, IssueStateReason, IssueUnlocked, LockReason } from './issue.events.js';
import type { IssuesError } from './issues.errors.js';
import { validBody, validTitle } from './issueTitle.js';

export type OpenIssue = { readonly type: 'OpenIssue'; readonly now: Date } & Omit<IssueOpened['data'], 'openedAt'>;

// undefined leaves a field as it is; the handler has already dropped what the caller may not set.
export interface UpdateIssue {
  readonly type: 'UpdateIssue';
  readonly issueId: number;
  readonly actorId: number;
  readonly title?: string;
  readonly body?: string | null;
  readonly state?: 'open' | 'closed';
  readonly stateReason?: IssueStateReason | null;
  readonly labelIds?: readonly number[];
  readonly assigneeIds?: readonly number[];
  readonly milestoneId?: number | null;
  readonly now: Date;
}

// Absolute values for the fields an issue shares with a pull request (GitHub takes them on
// either through the issues API); undefined leaves a field as it is.
export interface ChangeIssueFields {
  readonly type: 'ChangeIssueFields';
  readonly issueId: number;
  readonly labelIds?: readonly number[];
  readonly assigneeIds?: readonly number[];
  readonly milestoneId?: number | null;
  readonly now: Date;
}

// What an issue and a pull request's issue side both take (domain/issues/pullRequestIssue.decider.ts).
export type IssueFieldCommand =
  | ChangeIssueFields
  | { readonly type: 'AddIssueLabels'; readonly issueId: number; readonly labelIds: readonly number[]; readonly now: Date }
  | { readonly type: 'RemoveIssueLabel'; readonly issueId: number; readonly labelId: number; readonly now: Date }
  | { readonly type: 'AddIssueAssignees'; readonly issueId: number; readonly assigneeIds: readonly number[]; readonly now: Date }
  | { readonly type: 'RemoveIssueAssignees'; readonly issueId: number; readonly assigneeIds: readonly number[]; readonly now: Date }
  | LockIssue
  | UnlockIssue;

export type IssueCommand = OpenIssue | UpdateIssue | IssueFieldCommand;

// The fields an issue shares with a pull request's issue side.
export interface IssueFieldsState {
  readonly labelIds: readonly number[];
  readonly assigneeIds: readonly number[];
  readonly milestoneId: number | null;
  readonly locked: boolean;
}

export type LockIssue = { readonly type: 'LockIssue'; readonly issueId: number; readonly lockReason: LockReason | null; readonly now: Date };
export type UnlockIssue = { readonly type: 'UnlockIssue'; readonly issueId: number; readonly now: Date };

export type IssueState =
  | { readonly status: 'none' }
  | ({
      readonly status: 'open' | 'closed';
      readonly title: string;
      readonly body: string | null;
      readonly stateReason: 'completed' | 'not_planned' | null;
    } & IssueFieldsState);

type Existing = Exclude<IssueState, { status: 'none' }>;

function evolve(state: IssueState, event: IssueEvent): IssueState {
  if (event.type === 'IssueOpened') {
    const { title, body, labelIds, assigneeIds, milestoneId } = event.data;
    return { status: 'open', title, body, stateReason: null, labelIds, assigneeIds, milestoneId, locked: false };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'IssueEdited':
      return { ...state, ...event.data.changes };
    case 'IssueClosed':
      return { ...state, status: 'closed', stateReason: event.data.stateReason };
    case 'IssueReopened':
      return { ...state, status: 'open', stateReason: null };
    default:
      return evolveFields(state, event);
  }
}

// The shared fields after an event (any other event leaves them as they are).
export function evolveFields<S extends IssueFieldsState>(state: S, event: IssueEvent): S {
  switch (event.type) {
    case 'IssueLabelsChanged':
      return { ...state, labelIds: event.data.labelIds };
    case 'IssueAssigneesChanged':
      return { ...state, assigneeIds: event.data.assigneeIds };
    case 'IssueMilestoneChanged':
      return { ...state, milestoneId: event.data.milestoneId };
    case 'IssueLocked':
      return { ...state, locked: true };
    case 'IssueUnlocked':
      return { ...state, locked: false };
    default:
      return state;
  }
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));
const unique = (ids: readonly number[]) => [...new Set(ids)];

function open(command: OpenIssue): Either<IssuesError, readonly IssueEvent[]> {
  const title = validTitle(command.title);
  if (isLeft(title)) return title;
  const body = validBody('Issue', command.body);
  if (isLeft(body)) return body;
  const { type: _type, now, ...data } = command;
  return right([
    { type: 'IssueOpened', data: { ...data, labelIds: unique(data.labelIds), assigneeIds: unique(data.assigneeIds), openedAt: now.toISOString() } },
  ]);
}

// state_reason alone implies the state: completed/not_planned close, reopened opens.
function wantedState(command: UpdateIssue): 'open' | 'closed' | undefined {
  if (command.state !== undefined) return command.state;
  if (command.stateReason === 'reopened') return 'open';
  if (command.stateReason === 'completed' || command.stateReason === 'not_planned') return 'closed';
  return undefined;
}

function stateEvents(command: UpdateIssue, state: Existing, at: string): IssueEvent[] {
  const wanted = wantedState(command);
  const { issueId, actorId } = command;
  if (wanted === 'open' && state.status === 'closed') return [{ type: 'IssueReopened', data: { issueId, reopenedBy: actorId, reopenedAt: at } }];
  if (wanted !== 'closed') return [];
  const stateReason = command.stateReason === 'not_planned' ? 'not_planned' : 'completed';
  if (state.status === 'closed' && state.stateReason === stateReason) return [];
  return [{ type: 'IssueClosed', data: { issueId, stateReason, closedBy: actorId, closedAt: at } }];
}

function update(command: UpdateIssue, state: Existing): Either<IssuesError, readonly IssueEvent[]> {
  const at = command.now.toISOString();
  const { issueId } = command;
  if (command.title !== undefined) {
    const title = validTitle(command.title);
    if (isLeft(title)) return title;
  }
  const body = validBody('Issue', command.body);
  if (isLeft(body)) return body;
  const changes: { title?: string; body?: string | null } = {};
  if (command.title !== undefined && command.title !== state.title) changes.title = command.title;
  if (command.body !== undefined && command.body !== state.body) changes.body = command.body;
  const events: IssueEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'IssueEdited', data: { issueId, changes, editedAt: at } });
  events.push(...stateEvents(command, state, at));
  events.push(...changedFields(command, state));
  return right(events);
}

// Only what differs from the state: the same labels in another order change nothing.
function changedFields(command: Omit<ChangeIssueFields, 'type'>, state: IssueFieldsState): IssueEvent[] {
  const at = command.now.toISOString();
  const { issueId } = command;
  const events: IssueEvent[] = [];
  if (command.labelIds !== undefined && !sameSet(unique(command.labelIds), state.labelIds))
    events.push({ type: 'IssueLabelsChanged', data: { issueId, labelIds: unique(command.labelIds), changedAt: at } });
  if (command.assigneeIds !== undefined && !sameSet(unique(command.assigneeIds), state.assigneeIds))
    events.push({ type: 'IssueAssigneesChanged', data: { issueId, assigneeIds: unique(command.assigneeIds), changedAt: at } });
  if (command.milestoneId !== undefined && command.milestoneId !== state.milestoneId)
    events.push({ type: 'IssueMilestoneChanged', data: { issueId, milestoneId: command.milestoneId, changedAt: at } });
  return events;
}

function decide(command: IssueCommand, state: IssueState): Either<IssuesError, readonly IssueEvent[]> {
  if (command.type === 'OpenIssue') return state.status === 'none' ? open(command) : left({ _tag: 'IssueAlreadyExists', resource: 'Issue' });
  if (state.status === 'none') return left({ _tag: 'IssueNotFound' });
  return command.type === 'UpdateIssue' ? update(command, state) : decideFields(command, state);
}

// The shared fields' commands, decided the same on an issue and on a pull request's issue side.
export function decideFields(command: IssueFieldCommand, state: IssueFieldsState): Either<IssuesError, readonly IssueEvent[]> {
  const at = command.now.toISOString();
  const { issueId } = command;
  switch (command.type) {
    case 'ChangeIssueFields':
      return right(changedFields(command, state));
    case 'AddIssueLabels': {
      const labelIds = unique([...state.labelIds, ...command.labelIds]);
      return right(sameSet(labelIds, state.labelIds) ? [] : [{ type: 'IssueLabelsChanged', data: { issueId, labelIds, changedAt: at } }]);
    }
    case 'RemoveIssueLabel':
      // GitHub answers 404 "Label does not exist" for a label the issue does not carry.
      if (!state.labelIds.includes(command.labelId)) return left({ _tag: 'LabelNotFound' });
      return right([{ type: 'IssueLabelsChanged', data: { issueId, labelIds: state.labelIds.filter((id) => id !== command.labelId), changedAt: at } }]);
    // Those already assigned stay (GitHub adds, never replaces); removing one not assigned
    // changes nothing.
    case 'AddIssueAssignees': {
      const assigneeIds = unique([...state.assigneeIds, ...command.assigneeIds]);
      return right(sameSet(assigneeIds, state.assigneeIds) ? [] : [{ type: 'IssueAssigneesChanged', data: { issueId, assigneeIds, changedAt: at } }]);
    }
    case 'RemoveIssueAssignees': {
      const assigneeIds = state.assigneeIds.filter((id) => !command.assigneeIds.includes(id));
      return right(sameSet(assigneeIds, state.assigneeIds) ? [] : [{ type: 'IssueAssigneesChanged', data: { issueId, assigneeIds, changedAt: at } }]);
    }
    case 'LockIssue':
    case 'UnlockIssue':
      return right(lockEvents(command, state.locked));
  }
}

// A lock moves only what it changes: locking a locked conversation, or unlocking an unlocked
// one, records nothing.
export function lockEvents(command: LockIssue | UnlockIssue, locked: boolean): readonly (IssueLocked | IssueUnlocked)[] {
  const at = command.now.toISOString();
  if (command.type === 'LockIssue')
    return locked ? [] : [{ type: 'IssueLocked', data: { issueId: command.issueId, lockReason: command.lockReason, lockedAt: at } }];
  return locked ? [{ type: 'IssueUnlocked', data: { issueId: command.issueId, unlockedAt: at } }] : [];
}

export const issueDecider: Decider<IssueCommand, IssueState, IssueEvent, IssuesError> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
