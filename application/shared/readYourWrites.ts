import type { ProjectionProgress } from './projections/projectionRunner.js';

// A command's response goes out only once the read models its caller reads next have
// applied the command's events. Past the bound, the answer goes out anyway: the events
// are durable and the models converge.
export interface ReadYourWrites {
  settle(position: number | undefined): Promise<void>;
}

export class ProjectionReadYourWrites implements ReadYourWrites {
  constructor(
    private readonly progress: ProjectionProgress,
    private readonly timeoutMs: number,
    private readonly onTimeout: (position: number) => void = () => {},
  ) {}

  async settle(position: number | undefined): Promise<void> {
    if (position === undefined) return;
    if (!(await this.progress.waitFor(position, this.timeoutMs))) this.onTimeout(position);
  }
}
