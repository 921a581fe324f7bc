import type { AllSubscription, EventStore, StoredEvent } from '../ports/eventStore.port.js';
import type { ReadModelStore } from '../ports/readModelStore.port.js';
import type { SearchIndex } from '../ports/searchIndex.port.js';
import { CHECKPOINTS_COLLECTION, REBUILD_SUFFIX, type Checkpoint, type Projection, type ProjectionTarget } from './projection.js';
import { clearTarget, liveTarget, prepareTarget, rebuildTarget, swapRebuiltIntoLive } from './projectionTargets.js';
import { PositionWaiters } from './positionWaiters.js';
import { SerialQueue } from './serialQueue.js';

export interface RebuildProgress {
  readonly projection: string;
  readonly position: number;
  readonly headPosition: number;
}

export interface ProjectionProgress {
  // Resolves true once every projection has applied the event at `position`, false on timeout.
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

// Feeds every projection from one subscription to all events, in log order, keeping a
// checkpoint per projection. Events at or before a projection's checkpoint are skipped,
// so a restart re-applies at most the event that was in flight (projections are idempotent).
export class ProjectionRunner implements ProjectionProgress {
  private readonly checkpoints = new Map<string, number>();
  private readonly waiters = new PositionWaiters();
  private subscription: AllSubscription | undefined;
  private readonly queue = new SerialQueue();
  private failure: unknown;

  constructor(
    private readonly eventStore: EventStore,
    private readonly store: ReadModelStore,
    private readonly search: SearchIndex,
    private readonly projections: readonly Projection[],
  ) {}

  get processedPosition(): number {
    return this.waiters.position;
  }

  get failed(): unknown {
    return this.failure;
  }

  // `reset` names projections whose stored models cannot be trusted and are replayed from the start.
  async start(options: { reset?: readonly string[] } = {}): Promise<void> {
    for (const projection of this.projections) await this.loadCheckpoint(projection, options.reset?.includes(projection.name) ?? false);
    const head = await this.eventStore.headPosition();
    const after = Math.min(head, ...this.projections.map((p) => this.checkpoints.get(p.name)!));
    this.waiters.advance(after);
    // Catch up before serving: the head is where read-your-writes begins.
    this.subscription = this.eventStore.subscribeToAll({
      ...(after >= 0 ? { after } : {}),
      onEvent: (event) => this.queue.run(() => this.process(event)),
      onError: (error) => {
        this.failure = error;
      },
    });
    if (head >= 0 && !(await this.waitFor(head, 24 * 3600_000))) throw new Error('projections did not catch up');
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
    this.waiters.rejectAll();
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.waiters.waitFor(position, timeoutMs);
  }

  // Rebuilds into fresh collections and indexes while the live ones keep serving, then
  // holds live processing, catches up to the same position, and swaps.
  async rebuild(names: readonly string[], onProgress: (progress: RebuildProgress) => void = () => {}): Promise<void> {
    for (const projection of this.projections.filter((p) => names.length === 0 || names.includes(p.name))) {
      await clearTarget(projection, this.store, this.search, REBUILD_SUFFIX);
      const target = rebuildTarget(this.store, this.search);
      await prepareTarget(projection, target);
      let position = await this.replay(projection, target, -1, await this.eventStore.headPosition(), onProgress);
      await this.queue.run(async () => {
        const live = this.subscription ? this.processedPosition : await this.eventStore.headPosition();
        position = await this.replay(projection, target, position, live, onProgress);
        await swapRebuiltIntoLive(projection, this.store, this.search);
        if (!this.subscription) {
          // A worker in another process may have written to the old model during the swap:
          // replay what it may have missed into the new one (apply is idempotent).
          const head = await this.eventStore.headPosition();
          position = await this.replay(projection, liveTarget(this.store, this.search), position, head, onProgress);
        }
        await this.saveCheckpoint(projection, Math.max(position, this.processedPosition));
      });
    }
  }

  private async replay(
    projection: Projection,
    target: ProjectionTarget,
    after: number,
    until: number,
    onProgress: (progress: RebuildProgress) => void,
  ): Promise<number> {
    let position = after;
    if (until <= after) return position;
    for await (const event of this.eventStore.readAll(after >= 0 ? { after } : {})) {
      if (event.position > until) break;
      await projection.apply(event, target);
      position = event.position;
      onProgress({ projection: projection.name, position, headPosition: until });
    }
    return position;
  }

  private async process(event: StoredEvent): Promise<void> {
    const target = liveTarget(this.store, this.search);
    for (const projection of this.projections) {
      if (event.position <= this.checkpoints.get(projection.name)!) continue;
      await projection.apply(event, target);
      await this.saveCheckpoint(projection, event.position);
    }
    this.waiters.advance(event.position);
  }

  private async loadCheckpoint(projection: Projection, reset: boolean): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
    const stored = await checkpoints.findOne({ _id: projection.name });
    if (reset || !stored || stored.version !== projection.version) {
      // A model written by another version of the projection is rebuilt from the start.
      await clearTarget(projection, this.store, this.search, '');
      await this.saveCheckpoint(projection, -1);
    } else {
      this.checkpoints.set(projection.name, stored.position);
    }
    await prepareTarget(projection, liveTarget(this.store, this.search));
  }

  private async saveCheckpoint(projection: Projection, position: number): Promise<void> {
    this.checkpoints.set(projection.name, position);
    await this.store
      .collection<Checkpoint>(CHECKPOINTS_COLLECTION)
      .replaceOne({ _id: projection.name }, { _id: projection.name, position, version: projection.version }, { upsert: true });
  }
}
