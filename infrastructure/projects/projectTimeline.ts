import { inject, injectable } from 'inversify';
import { eventsAsOf } from '../../application/shared/audit/auditLog.js';
import type { ProjectAtInstant, ProjectTimeline } from '../../application/projects/projectHistory.query.js';
import {
  PROJECTS_COLLECTION,
  PROJECT_CARDS_COLLECTION,
  PROJECT_COLUMNS_COLLECTION,
  type ProjectCardDocument,
  type ProjectColumnDocument,
  type ProjectDocument,
} from '../../application/projects/projects.readModel.js';
import { liveTarget } from '../../application/shared/projections/projectionTargets.js';
import type { EventStore } from '../../application/shared/ports/eventStore.port.js';
import { TOKENS } from '../../application/shared/ports/tokens.js';
import { projectStream } from '../../domain/projects/project.events.js';
import { projectsProjection } from '../../projections/projects/projects.projection.js';
import { EmbeddedReadModelStore } from '../shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../shared/search/embeddedSearchIndex.js';

// as_of: the projects projection itself, applied to the project's stream up to the instant,
// in a store that lives for one request. The same code as the live model, so a past state is
// exactly what the model held then.
@injectable()
export class ReplayedProjectTimeline implements ProjectTimeline {
  constructor(@inject(TOKENS.EventStore) private readonly eventStore: EventStore) {}

  async asOf(projectId: number, instant: Date): Promise<ProjectAtInstant | null> {
    const store = new EmbeddedReadModelStore();
    const search = new EmbeddedSearchIndex();
    for (const event of await eventsAsOf(this.eventStore, projectStream(projectId), instant)) {
      await projectsProjection.apply(event, liveTarget(store, search, event.position));
    }
    const project = await store.collection<ProjectDocument>(PROJECTS_COLLECTION).findOne({ _id: String(projectId) });
    if (!project) return null;
    const columns = await store.collection<ProjectColumnDocument>(PROJECT_COLUMNS_COLLECTION).find({ project_id: projectId });
    const cards = await store.collection<ProjectCardDocument>(PROJECT_CARDS_COLLECTION).find({ project_id: projectId });
    const byId = new Map(columns.map((column) => [column.id, column]));
    return { project, columns: project.column_ids.flatMap((id) => byId.get(id) ?? []), cards };
  }
}
