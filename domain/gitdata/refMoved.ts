import type { DomainEvent } from '../shared/event.js';

// A ref moved through the API: created (from null), updated, or deleted (to null). Appended to
// the ref's stream at the revision read before the ref was read, so of simultaneous updates
// from one value only one is accepted, then git is moved to agree (compare-and-swap); a
// process manager finishes the move after a crash. Merges and pushes record the same event
// in the same stream, so every change of a ref is one event type, in order, per ref.
export type RefEventType = 'RefCreated' | 'RefUpdated' | 'RefDeleted';

// One shape for the three: `from` is null for a creation, `to` for a deletion.
export type RefMoved = DomainEvent<
  RefEventType,
  {
    readonly repositoryId: number;
    readonly ref: string;
    readonly from: string | null;
    readonly to: string | null;
    readonly forced: boolean;
    // Recorded by a push's pre-receive hook: git moves the ref itself right after.
    readonly pushed?: boolean;
    // A merge's claim on its base branch, made before the merge is recorded: git moves once
    // PullRequestMerged is in the log (pull-request-consequences); a refused merge's claim is
    // moved back by the next event.
    readonly pullRequestId?: number;
    // What the move added (GitHub's PushEvent): how many commits, and the newest twenty of
    // them, oldest first. Absent for a deletion.
    readonly size?: number;
    readonly commits?: readonly PushedCommit[];
    // How many of them no ref of the repository reached before (GitHub's distinct_size);
    // absent in moves recorded before it was: all of them.
    readonly distinctSize?: number;
  }
>;

export interface PushedCommit {
  readonly sha: string;
  readonly message: string;
  readonly author: { readonly name: string; readonly email: string };
  // New to the repository with this push (absent in older events: true).
  readonly distinct?: boolean;
}

export const PUSH_COMMITS_SHOWN = 20;

export const gitRefStream = (repositoryId: number, ref: string): string => `git-ref-${repositoryId}:${ref}`;

export const REF_EVENT_TYPES: ReadonlySet<string> = new Set<RefEventType>(['RefCreated', 'RefUpdated', 'RefDeleted']);

// The event a move records: RefCreated, RefUpdated or RefDeleted.
export function refEventType(move: { readonly from: string | null; readonly to: string | null }): RefEventType {
  return move.from === null ? 'RefCreated' : move.to === null ? 'RefDeleted' : 'RefUpdated';
}
