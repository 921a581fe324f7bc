import type { Clock } from '../ports/clock.port.js';
import type { EventStore } from '../ports/eventStore.port.js';
import type { ReadModelStore } from '../ports/readModelStore.port.js';
import type { LaneEvents } from '../projections/projectionLane.js';
import type { ProcessManager } from './processManager.js';
import { DEFAULT_PROCESS_OPTIONS, ProcessManagerRunner, type ProcessRunnerOptions } from './processRunner.js';
import { processStateOf, processStream, type ProcessState } from './processEvents.js';

export interface ProcessManagerStatus {
  readonly name: string;
  readonly position: number;
  readonly backlog: number;
  readonly completed: number;
  readonly failed: number;
  readonly abandoned: number;
}

// Every process manager of the application, run where the projections run (the worker).
export class ProcessManagers {
  private readonly runners: ProcessManagerRunner[];

  constructor(
    managers: readonly ProcessManager[],
    private readonly eventStore: EventStore,
    store: ReadModelStore,
    clock: Clock,
    events: LaneEvents,
    options: ProcessRunnerOptions = DEFAULT_PROCESS_OPTIONS,
    onFault: (manager: string, error: unknown) => void = () => {},
  ) {
    this.runners = managers.map(
      (manager) => new ProcessManagerRunner(manager, eventStore, store, clock, events, options, (error) => onFault(manager.name, error)),
    );
  }

  async start(): Promise<void> {
    for (const runner of this.runners) await runner.start();
  }

  async stop(): Promise<void> {
    for (const runner of this.runners) await runner.stop();
  }

  statuses(): ProcessManagerStatus[] {
    return this.runners.map((runner) => ({ name: runner.manager.name, position: runner.position, backlog: runner.backlog, ...runner.tallies }));
  }

  get failed(): unknown {
    return this.runners.find((runner) => runner.failure !== undefined)?.failure;
  }

  // Every manager has seen the log up to `position` (false on timeout or once stopped).
  async reached(position: number, timeoutMs: number): Promise<boolean> {
    const results = await Promise.all(this.runners.map((runner) => runner.reached(position, timeoutMs)));
    return results.every(Boolean);
  }

  // Every manager has seen the log up to `position` and has nothing due.
  async settled(position: number, timeoutMs: number): Promise<boolean> {
    const results = await Promise.all(this.runners.map((runner) => runner.settled(position, timeoutMs)));
    return results.every(Boolean);
  }

  // A process's recorded state (status endpoints, audits).
  async stateOf(manager: string, triggerEventId: string): Promise<ProcessState> {
    return processStateOf(await this.eventStore.readStream(processStream(manager, triggerEventId)));
  }
}
