import { join } from 'node:path';
import type { Projection } from '../../application/shared/projections/projection.js';
import { ProjectionRunner } from '../../application/shared/projections/projectionRunner.js';
import { EmbeddedEventStore } from '../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../infrastructure/shared/search/embeddedSearchIndex.js';
import { allProjections } from '../../projections/shared/allProjections.js';

// The replay's ceiling: the runner over the same log, with the same lanes and the same event
// types passed over, but every projection's apply a no-op. What the full replay adds to this is
// the projections' own work; what this costs beyond the raw log replay is the runner's (its
// lanes, batches, checkpoints and waiters).
export async function runnerAloneRate(dataDir: string): Promise<number> {
  const eventStore = await EmbeddedEventStore.openReadOnly(join(dataDir, 'events'));
  const unused = (): never => {
    throw new Error('a no-op projection asked for a dependency');
  };
  const idle = (projection: Projection): Projection => ({ ...projection, apply: async () => {} });
  const projections = allProjections({ git: unused, ensureRepositoryGit: unused, eventStore: unused, projectTimelineFold: unused }).map(idle);
  const runner = new ProjectionRunner(eventStore, new EmbeddedReadModelStore(), new EmbeddedSearchIndex(), projections);
  try {
    const head = await eventStore.headPosition();
    const started = performance.now();
    // start() returns once every lane has reached the head.
    await runner.start();
    return (head + 1) / ((performance.now() - started) / 1000);
  } finally {
    await runner.stop();
    await eventStore.close();
  }
}
