import type { ProjectionProgress } from './projections/projectionRunner.js';

// A command's response goes out only once the read models its caller reads next have
// applied the command's events. Past the bound, the answer goes out anyway: the events
// are durable and the models converge.
export interface ReadYourWrites {
  settle(position: number | undefined): Promise<void>;
  // Selective read-your-writes: also waits for the eventual projections named (a visibility
  // change waits for the search indexes, so no search shows what it has just hidden).
  settleIncluding(position: number | undefined, projections: readonly string[]): Promise<void>;
}

export class ProjectionReadYourWrites implements ReadYourWrites {
  constructor(
    private readonly progress: ProjectionProgress,
    private readonly timeoutMs: number,
    private readonly onTimeout: (position: number) => void = () => {},
  ) {}

  async settle(position: number | undefined): Promise<void> {
    await this.settleIncluding(position, []);
  }

  async settleIncluding(position: number | undefined, projections: readonly string[]): Promise<void> {
    if (position === undefined) return;
    if (!(await this.progress.waitFor(position, this.timeoutMs, projections))) this.onTimeout(position);
  }
}
