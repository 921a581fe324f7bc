import type { ReadModelStore } from '../ports/readModelStore.port.js';
import { CHECKPOINTS_COLLECTION, type Checkpoint, type Projection } from './projection.js';
import { readsItsWrites, type ProjectionProgress } from './projectionRunner.js';

// Distributed family: the projections run in a worker process, so an API process learns
// how far the read-your-writes ones are by reading their checkpoints (every few milliseconds, bounded in time).
export class PolledCheckpoints implements ProjectionProgress {
  constructor(
    private readonly store: ReadModelStore,
    private readonly projections: readonly Projection[],
    private readonly intervalMs = 10,
  ) {}

  async waitFor(position: number, timeoutMs: number, also: readonly string[] = []): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.slowest(also)) >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
    }
  }

  private async slowest(also: readonly string[]): Promise<number> {
    const known = new Set(this.projections.map((p) => p.name));
    const names = [...new Set([...this.projections.filter(readsItsWrites).map((p) => p.name), ...also.filter((name) => known.has(name))])];
    if (names.length === 0) return Number.MAX_SAFE_INTEGER;
    const checkpoints = await this.store.collection<Checkpoint>(CHECKPOINTS_COLLECTION).find({ _id: { $in: names } });
    if (checkpoints.length < names.length) return -1;
    return Math.min(...checkpoints.map((c) => c.position));
  }
}
