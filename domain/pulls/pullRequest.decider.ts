import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type {
  EditPullRequest,
  MergePullRequest,
  OpenPullRequest,
  PullRequestCommand,
  RecordMergeability,
  RequestMergeability,
} from './pullRequest.commands.js';
import type { PullRequestChanges, PullRequestEvent, PullRequestSide } from './pullRequest.events.js';
import type { PullsError } from './pulls.errors.js';

export type { PullRequestCommand } from './pullRequest.commands.js';

export interface ExistingPullRequest {
  readonly status: 'open' | 'closed' | 'merged';
  readonly pullRequestId: number;
  readonly repositoryId: number;
  readonly head: PullRequestSide;
  readonly base: PullRequestSide;
  // Every base branch it has had, oldest first: the pairs it may have held.
  readonly bases: readonly string[];
  // The last test merge asked for, and whether it has been done.
  readonly mergeability: { readonly baseSha: string; readonly headSha: string; readonly checked: boolean } | null;
}

export type PullRequestState = { readonly status: 'absent' } | ExistingPullRequest;

type Decision = Either<PullsError, readonly PullRequestEvent[]>;

// GitHub refuses titles longer than this (issues and pull requests alike).
export const MAX_TITLE_LENGTH = 256;

export const initialState = (): PullRequestState => ({ status: 'absent' });

export function evolve(state: PullRequestState, event: PullRequestEvent): PullRequestState {
  if (event.type === 'PullRequestOpened') {
    const { pullRequestId, repositoryId, head, base } = event.data;
    return { status: 'open', pullRequestId, repositoryId, head, base, bases: [base.ref], mergeability: null };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'PullRequestEdited': {
      const base = event.data.changes.base;
      return base ? { ...state, base: { ...state.base, ref: base.ref, sha: base.sha }, bases: [...state.bases, base.ref] } : state;
    }
    case 'PullRequestClosed':
      return { ...state, status: 'closed' };
    case 'PullRequestReopened':
      return { ...state, status: 'open' };
    case 'PullRequestMerged':
      return { ...state, status: 'merged' };
    case 'PullRequestMergeabilityRequested':
      return { ...state, mergeability: { baseSha: event.data.baseSha, headSha: event.data.headSha, checked: false } };
    case 'PullRequestMergeabilityChecked':
      return { ...state, mergeability: { baseSha: event.data.baseSha, headSha: event.data.headSha, checked: true } };
  }
}

export function decide(command: PullRequestCommand, state: PullRequestState): Decision {
  if (command.type === 'OpenPullRequest') return openPullRequest(command, state);
  if (state.status === 'absent') return left({ _tag: 'PullRequestNotFound' });
  if (command.type === 'EditPullRequest') return editPullRequest(command, state);
  if (command.type === 'RequestMergeability') return requestMergeability(command, state);
  if (command.type === 'RecordMergeability') return recordMergeability(command, state);
  const refusal = mergeRefusal(command, state);
  if (refusal) return left(refusal);
  const { mergedBy, mergeMethod, mergeCommitSha, headSha, baseSha, pushed } = command;
  return right([
    {
      type: 'PullRequestMerged',
      data: {
        pullRequestId: state.pullRequestId,
        mergedBy,
        mergeMethod,
        mergeCommitSha,
        headSha,
        baseSha,
        mergedAt: command.now.toISOString(),
        ...(pushed ? { pushed } : {}),
      },
    },
  ]);
}

// A test merge is asked for once per pair of tips, and only while the pull request is open.
function requestMergeability(command: RequestMergeability, state: ExistingPullRequest): Decision {
  const known = state.mergeability;
  if (state.status !== 'open' || (known && known.baseSha === command.baseSha && known.headSha === command.headSha)) return right([]);
  const { baseSha, headSha } = command;
  return right([
    { type: 'PullRequestMergeabilityRequested', data: { pullRequestId: state.pullRequestId, baseSha, headSha, requestedAt: command.now.toISOString() } },
  ]);
}

// The outcome counts only for the tips last asked about (a newer request makes it stale).
function recordMergeability(command: RecordMergeability, state: ExistingPullRequest): Decision {
  const asked = state.mergeability;
  if (!asked || asked.checked || asked.baseSha !== command.baseSha || asked.headSha !== command.headSha) return right([]);
  const { baseSha, headSha, mergeable, mergeCommitSha } = command;
  return right([{ type: 'PullRequestMergeabilityChecked', data: { pullRequestId: state.pullRequestId, baseSha, headSha, mergeable, mergeCommitSha } }]);
}

// Asked before any git object is written, and again when the merge is recorded.
export function mergeRefusal(command: Pick<MergePullRequest, 'expectedHeadSha' | 'headSha'>, state: PullRequestState): PullsError | null {
  if (state.status === 'absent') return { _tag: 'PullRequestNotFound' };
  if (state.status !== 'open') return { _tag: 'PullRequestNotMergeable' };
  if (command.expectedHeadSha !== null && command.expectedHeadSha !== command.headSha) return { _tag: 'PullRequestHeadModified' };
  return null;
}

function titleProblem(title: string): PullsError | null {
  if (title.trim() === '') return { _tag: 'InvalidPullRequestField', field: 'title', code: 'missing_field' };
  if (title.length > MAX_TITLE_LENGTH) return { _tag: 'InvalidPullRequestField', field: 'title', code: 'invalid' };
  return null;
}

function openPullRequest(command: OpenPullRequest, state: PullRequestState): Decision {
  if (state.status !== 'absent') return left({ _tag: 'InvalidPullRequestField', field: 'number', code: 'invalid' });
  const problem = titleProblem(command.title);
  if (problem) return left(problem);
  if (!command.historiesShared) return left({ _tag: 'NoCommonHistory', base: command.base.ref, headLabel: command.headLabel });
  if (command.commitsBetween === 0) return left({ _tag: 'NoCommitsBetween', base: command.base.ref, head: command.headName });
  if (command.openDuplicateExists) return left({ _tag: 'PullRequestAlreadyExists', headLabel: command.headLabel });
  const { pullRequestId, issueId, repositoryId, number, authorId, title, body, draft, maintainerCanModify, head, base } = command;
  return right([
    {
      type: 'PullRequestOpened',
      data: {
        pullRequestId,
        issueId,
        repositoryId,
        number,
        authorId,
        title,
        body,
        draft,
        maintainerCanModify,
        head,
        base,
        openedAt: command.now.toISOString(),
      },
    },
  ]);
}

function editPullRequest(command: EditPullRequest, state: ExistingPullRequest): Decision {
  const at = command.now.toISOString();
  if (command.title !== undefined) {
    const problem = titleProblem(command.title);
    if (problem) return left(problem);
  }
  const baseChanged = command.base !== undefined && command.base.ref !== state.base.ref;
  if (baseChanged && state.status !== 'open') return left({ _tag: 'PullRequestStateRefused', reason: 'base_of_closed' });
  const reopening = command.state === 'open' && state.status !== 'open';
  if (reopening && state.status === 'merged') return left({ _tag: 'PullRequestStateRefused', reason: 'reopen_merged' });
  if ((reopening || (baseChanged && state.status === 'open')) && command.openDuplicateExists)
    return left({ _tag: 'PullRequestAlreadyExists', headLabel: command.headLabel });
  const changes: PullRequestChanges = {
    ...(command.title !== undefined ? { title: command.title } : {}),
    ...(command.body !== undefined ? { body: command.body } : {}),
    ...(command.maintainerCanModify !== undefined ? { maintainerCanModify: command.maintainerCanModify } : {}),
    ...(baseChanged ? { base: command.base } : {}),
  };
  const { pullRequestId } = state;
  const events: PullRequestEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'PullRequestEdited', data: { pullRequestId, changes, editedAt: at } });
  if (command.state === 'closed' && state.status === 'open') {
    events.push({ type: 'PullRequestClosed', data: { pullRequestId, closedAt: at, ...(command.headSha !== undefined ? { headSha: command.headSha } : {}) } });
  }
  if (reopening) events.push({ type: 'PullRequestReopened', data: { pullRequestId, reopenedAt: at } });
  return right(events);
}

export const pullRequestDecider: Decider<PullRequestCommand, PullRequestState, PullRequestEvent, PullsError> = { initialState, evolve, decide };
export const pullRequestStream = (pullRequestId: number): string => `pull-request-${pullRequestId}`;
