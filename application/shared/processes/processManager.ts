import type { StoredEvent } from '../ports/eventStore.port.js';

// What a step answers: done, or not yet: either a condition that time will settle (a grace
// period), or one that another process settles (`until`: a hook's next delivery waits for the
// one before it to leave), the step parked until then rather than asked again on every turn.
// Neither is a failure or spends an attempt. A thrown error is a failure, retried with backoff.
export type StepOutcome =
  { readonly done: true } | { readonly done: false; readonly notBefore: Date } | { readonly done: false; readonly until: Promise<void> };

export const STEP_DONE: StepOutcome = { done: true };

// One step of a process. It may run more than once (a crash between its effect and the
// record of its completion), so its effect must be idempotent: append with an expected
// revision, compare-and-swap a ref, check before creating.
export interface ProcessStep {
  readonly name: string;
  // A step whose effect records itself (an append that only a new stream accepts) need not
  // have its completion recorded: run again after a restart, it finds its effect and does
  // nothing. Spares a write per triggering event for steps that run on most of the log.
  readonly completionNeedsNoRecord?: boolean;
  run(): Promise<StepOutcome>;
  // Told when the runner gives the step up (its abandonment recorded), so the manager can let
  // go of what the step held: a hook's queue waits on its first delivery.
  abandoned?(): void;
}

// A process manager reacts to events of the log: for a triggering event it names the steps
// to run, in order. Each (manager, triggering event) is one process, recorded in its own
// stream, so a step completed is never run again however often the trigger is seen.
export interface ProcessManager {
  readonly name: string;
  // Where a manager that has never run starts: the whole log, or only what comes next.
  readonly startsFrom: 'beginning' | 'now';
  // How many of its processes may run at once (1 when absent): for processes that do not
  // depend on each other's order.
  readonly concurrency?: number;
  stepsFor(event: StoredEvent): readonly ProcessStep[];
}
