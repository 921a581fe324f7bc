import { randomUUID } from 'node:crypto';
import type { Clock } from '../ports/clock.port.js';
import type { EventStore, StoredEvent } from '../ports/eventStore.port.js';
import type { ReadModelStore } from '../ports/readModelStore.port.js';
import { CHECKPOINTS_COLLECTION, type Checkpoint } from '../projections/projection.js';
import { DEFAULT_LANE_OPTIONS, ProjectionLane, type LaneEvents } from '../projections/projectionLane.js';
import { DueQueue } from './dueQueue.js';
import type { ProcessManager, ProcessStep } from './processManager.js';
import { causedBy, processStateOf, processStream, type ProcessTrigger } from './processEvents.js';

export interface ProcessRunnerOptions {
  // How often due steps are looked for; time itself is the clock's, so specs can move it.
  readonly tickMs: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly maxAttempts: number;
}

export const DEFAULT_PROCESS_OPTIONS: ProcessRunnerOptions = { tickMs: 250, retryBaseMs: 1_000, retryMaxMs: 300_000, maxAttempts: 10 };

interface PendingProcess {
  readonly trigger: StoredEvent;
  readonly steps: readonly ProcessStep[];
  // Infinity while parked (a step waiting `until` something another process settles).
  dueAt: number;
  loaded: boolean;
  revision: number;
  completed: Set<string>;
  attempts: Record<string, number>;
}

// Runs one process manager: its own subscription and checkpoint, its pending processes in
// memory (the checkpoint stays before the oldest unfinished one, so a restart finds them
// again), each step's completion and failures appended to the process's stream.
export class ProcessManagerRunner {
  // In log order (positions are offered ascending, and a Map keeps insertion order).
  private readonly pending = new Map<number, PendingProcess>();
  private readonly dueQueue = new DueQueue();
  private readonly isCurrent = (dueAt: number, position: number): boolean => this.pending.get(position)?.dueAt === dueAt;
  private readonly lane: ProjectionLane;
  private seen = -1;
  private savedCheckpoint = Number.NaN;
  private ticking: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  // For /metrics: steps completed, failed attempts, processes abandoned.
  readonly tallies = { completed: 0, failed: 0, abandoned: 0 };

  constructor(
    readonly manager: ProcessManager,
    private readonly eventStore: EventStore,
    private readonly store: ReadModelStore,
    private readonly clock: Clock,
    laneEvents: LaneEvents,
    private readonly options: ProcessRunnerOptions = DEFAULT_PROCESS_OPTIONS,
    private readonly onFault: (error: unknown) => void = () => {},
  ) {
    this.lane = new ProjectionLane(`process:${manager.name}`, eventStore, async (event) => this.offer(event), laneEvents, DEFAULT_LANE_OPTIONS);
  }

  get backlog(): number {
    return this.pending.size;
  }

  get position(): number {
    return this.seen;
  }

  get failure(): unknown {
    return this.lane.failure;
  }

  async start(): Promise<void> {
    const stored = await this.checkpoints().findOne({ _id: this.checkpointId });
    const start = stored ? stored.position : this.manager.startsFrom === 'now' ? await this.eventStore.headPosition() : -1;
    this.seen = start;
    this.lane.start(start);
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.lane.stop();
    await this.ticking;
    await this.saveCheckpoint();
  }

  // Resolves true once the manager has seen the log up to `position` (its steps may still be
  // due); false on timeout or once stopped. Waits on the lane's position: no polling.
  reached(position: number, timeoutMs: number): Promise<boolean> {
    return this.lane.waiters.waitFor(position, timeoutMs);
  }

  // Resolves once every trigger up to `position` has been seen and nothing due is left
  // (specs; `forgelog` commands that wait for background work).
  async settled(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.tick();
      const due = (this.dueQueue.earliest(this.isCurrent) ?? Number.POSITIVE_INFINITY) <= this.clock.now().getTime();
      if (this.seen >= position && !due) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private offer(event: StoredEvent): void {
    this.seen = event.position;
    const steps = this.manager.stepsFor(event);
    if (steps.length === 0) return;
    const process: PendingProcess = { trigger: event, steps, dueAt: 0, loaded: false, revision: -1, completed: new Set(), attempts: Object.create(null) };
    this.pending.set(event.position, process);
    this.schedule(event.position, process, 0);
    void this.tick();
  }

  private schedule(position: number, process: PendingProcess, dueAt: number): void {
    process.dueAt = dueAt;
    if (Number.isFinite(dueAt)) this.dueQueue.push(dueAt, position);
  }

  // Parked until `until` settles (its outcome, whatever it is: a rejection wakes it too, and
  // the step decides again), then due at once.
  private park(position: number, process: PendingProcess, until: Promise<void>): void {
    process.dueAt = Number.POSITIVE_INFINITY;
    const wake = () => {
      if (this.pending.get(position) !== process || process.dueAt !== Number.POSITIVE_INFINITY) return;
      this.schedule(position, process, 0);
      void this.tick();
    };
    until.then(wake, wake);
  }

  private tick(): Promise<void> {
    this.ticking ??= this.runDue().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  // Due processes run in log order, `concurrency` of them at a time (one, unless the manager
  // says its processes are independent: webhook deliveries wait on receivers, not on each other).
  // A pass that finished a process goes round again at once: what waited on it (a hook's next
  // delivery, woken from its park) need not wait for the next tick. A pass that finished
  // nothing ends the turn. A turn costs what is due, not the backlog (`DueQueue`).
  private async runDue(): Promise<void> {
    const concurrency = Math.max(1, this.manager.concurrency ?? 1);
    for (;;) {
      const now = this.clock.now().getTime();
      const due = this.dueQueue.takeDue(now, this.isCurrent);
      const before = this.pending.size;
      for (let start = 0; start < due.length; start += concurrency) {
        await Promise.all(due.slice(start, start + concurrency).map((position) => this.runProcess(position, this.pending.get(position)!, now)));
      }
      if (due.length === 0 || this.pending.size >= before) break;
    }
    await this.saveCheckpoint().catch((error: unknown) => this.onFault(error));
  }

  private async runProcess(position: number, process: PendingProcess, now: number): Promise<void> {
    try {
      if (await this.advance(position, process)) this.pending.delete(position);
      // Not finished and not rescheduled (a conflict on its stream: read again): due again.
      else if (process.dueAt <= now) this.schedule(position, process, process.dueAt);
    } catch (error) {
      // The log or the store failed (not the step): read the process again, later.
      process.loaded = false;
      this.schedule(position, process, now + this.options.retryBaseMs);
      this.onFault(error);
    }
  }

  // Runs the process's steps from the first not yet completed; true once it is finished.
  private async advance(position: number, process: PendingProcess): Promise<boolean> {
    const stream = processStream(this.manager.name, process.trigger.id);
    // Steps that need no record of completion need no read of it either (their attempts count in memory).
    if (!process.loaded && process.steps.every((step) => step.completionNeedsNoRecord)) process.loaded = true;
    if (!process.loaded) {
      const state = processStateOf(await this.eventStore.readStream(stream));
      if (state.status === 'abandoned') return true;
      process.loaded = true;
      process.revision = state.revision;
      process.completed = new Set(state.completedSteps);
      process.attempts = { ...state.attempts };
    }
    for (const [index, step] of process.steps.entries()) {
      if (process.completed.has(step.name)) continue;
      const attempt = (process.attempts[step.name] ?? 0) + 1;
      let outcome;
      try {
        outcome = await step.run();
      } catch (error) {
        return this.failed(position, process, step, attempt, error);
      }
      if (!outcome.done) {
        if ('until' in outcome) this.park(position, process, outcome.until);
        else this.schedule(position, process, outcome.notBefore.getTime());
        return false;
      }
      if (
        !step.completionNeedsNoRecord &&
        !(await this.record(process, 'ProcessStepCompleted', {
          trigger: this.triggerOf(process),
          step: step.name,
          attempts: attempt,
          processCompleted: index === process.steps.length - 1,
        }))
      )
        return false;
      process.completed.add(step.name);
      this.tallies.completed++;
    }
    return true;
  }

  private async failed(position: number, process: PendingProcess, step: ProcessStep, attempt: number, error: unknown): Promise<boolean> {
    const message = error instanceof Error ? error.message : String(error);
    process.attempts[step.name] = attempt;
    if (attempt >= this.options.maxAttempts) {
      this.tallies.abandoned++;
      await this.record(process, 'ProcessStepAbandoned', { trigger: this.triggerOf(process), step: step.name, attempts: attempt, error: message });
      step.abandoned?.();
      return true;
    }
    this.tallies.failed++;
    const delay = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (attempt - 1));
    const retryAt = new Date(this.clock.now().getTime() + delay);
    this.schedule(position, process, retryAt.getTime());
    await this.record(process, 'ProcessStepFailed', {
      trigger: this.triggerOf(process),
      step: step.name,
      attempt,
      error: message,
      retryAt: retryAt.toISOString(),
    });
    return false;
  }

  // Appended at the revision last read: a conflict means another runner recorded something
  // (a lease taken over); the process is read again before its next step.
  private async record(process: PendingProcess, type: string, data: unknown): Promise<boolean> {
    const stream = processStream(this.manager.name, process.trigger.id);
    const result = await this.eventStore.append(
      stream,
      [{ id: randomUUID(), type, data, metadata: causedBy(process.trigger, this.clock.now()) }],
      process.revision < 0 ? 'no_stream' : process.revision,
    );
    if (result.outcome === 'conflict') {
      process.loaded = false;
      return false;
    }
    process.revision = result.nextRevision;
    return true;
  }

  private triggerOf(process: PendingProcess): ProcessTrigger {
    const { id, type, streamId, position } = process.trigger;
    return { manager: this.manager.name, eventId: id, eventType: type, streamId, position };
  }

  private get checkpointId(): string {
    return `process:${this.manager.name}`;
  }

  private checkpoints() {
    return this.store.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  }

  // Before the oldest unfinished process: a restart sees its trigger again.
  private async saveCheckpoint(): Promise<void> {
    // The map's first key is the oldest (positions enter in log order): no walk of a backlog.
    const oldest = this.pending.keys().next();
    const position = (oldest.done ? this.seen + 1 : oldest.value) - 1;
    if (position === this.savedCheckpoint) return;
    this.savedCheckpoint = position;
    await this.checkpoints().replaceOne({ _id: this.checkpointId }, { _id: this.checkpointId, position, version: 1 }, { upsert: true });
  }
}
