import { inject, injectable } from 'inversify';
import { CHECKPOINTS_COLLECTION, type Checkpoint, type Projection } from '../shared/projections/projection.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

export const ACTIVITY_PROJECTION_NAME = 'activity';

// The feeds can be served once the activity projection has recorded a checkpoint of its
// current version: before that (a worker that has not caught up yet, a rebuild after an
// upgrade) GET /events answers 503, as GitHub does when its feeds are unavailable.
@injectable()
export class ActivityReadiness {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.Projections) private readonly projections: readonly Projection[],
  ) {}

  async ready(): Promise<boolean> {
    const projection = this.projections.find((candidate) => candidate.name === ACTIVITY_PROJECTION_NAME);
    if (!projection) return false;
    const checkpoint = await this.store.collection<Checkpoint>(CHECKPOINTS_COLLECTION).findOne({ _id: ACTIVITY_PROJECTION_NAME });
    return checkpoint !== null && checkpoint.version === projection.version;
  }
}
