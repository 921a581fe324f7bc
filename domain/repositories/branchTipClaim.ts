import type { DomainEvent } from '../shared/event.js';

// Moving a branch is claimed in the log before git moves it: the claim is appended at the
// revision of the branch's claim stream the writer read, so of two writers that read the
// same tip (two merges onto one base) only one claims it, in any number of API processes.
// git then moves by compare-and-swap from the claimed tip.
export type BranchTipClaimed = DomainEvent<
  'BranchTipClaimed',
  {
    readonly repositoryId: number;
    readonly ref: string; // full ref name: refs/heads/main
    readonly from: string;
    readonly to: string;
    readonly pullRequestId: number | null; // what moves it: a merge
  }
>;

// The ref's one stream, shared with API ref updates (RefMoved, domain/gitdata/refMoved.ts).
export { gitRefStream as branchTipStream } from '../gitdata/refMoved.js';
