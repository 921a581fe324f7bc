import { right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { lockEvents, type LockIssue, type UnlockIssue } from './issue.decider.js';
import type { IssueEvent, IssueLocked, IssueUnlocked } from './issue.events.js';
import type { IssuesError } from './issues.errors.js';

// A pull request's conversation lock, on its issue's stream (\`issue-<issue id>\`), which holds
// nothing else: the pull request itself lives in its own stream, so this decider needs no
// IssueOpened before it, where the issue decider does.
export interface ConversationLockState {
  readonly locked: boolean;
}

export const conversationLockDecider: Decider<LockIssue | UnlockIssue, ConversationLockState, IssueLocked | IssueUnlocked, IssuesError> = {
  initialState: () => ({ locked: false }),
  evolve: (state, event: IssueEvent) => (event.type === 'IssueLocked' ? { locked: true } : event.type === 'IssueUnlocked' ? { locked: false } : state),
  decide: (command, state) => right(lockEvents(command, state.locked)),
};
