import { inject, injectable } from 'inversify';
import { stateAsOf, type TimelineCheckpointDocument, type TimelineFold, type TimelineHeadDocument } from '../../application/shared/audit/streamTimeline.js';
import type { ProjectAtInstant, ProjectTimeline } from '../../application/projects/projectHistory.query.js';
import {
  PROJECTS_COLLECTION,
  PROJECT_CARDS_COLLECTION,
  PROJECT_COLUMNS_COLLECTION,
  PROJECT_TIMELINE_CHECKPOINTS_COLLECTION,
  PROJECT_TIMELINE_HEADS_COLLECTION,
  type ProjectCardDocument,
  type ProjectColumnDocument,
  type ProjectDocument,
} from '../../application/projects/projects.readModel.js';
import { liveTarget } from '../../application/shared/projections/projectionTargets.js';
import type { EventStore } from '../../application/shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../../application/shared/ports/readModelStore.port.js';
import { TOKENS } from '../../application/shared/ports/tokens.js';
import { projectStream } from '../../domain/projects/project.events.js';
import { projectsProjection } from '../../projections/projects/projects.projection.js';
import { EmbeddedReadModelStore } from '../shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../shared/search/embeddedSearchIndex.js';

// A board folded forward: the projects projection itself, applied to the events in a store
// that lives for one fold and starts from the board as it stood. The same code as the live
// model, so a past state is what the model held then (for the project's own stream).
export const projectTimelineFold: TimelineFold<ProjectAtInstant> = {
  async fold(state, events) {
    if (events.length === 0) return state;
    const store = new EmbeddedReadModelStore();
    const search = new EmbeddedSearchIndex();
    if (state !== null) {
      await store.collection(PROJECTS_COLLECTION).insertOne(state.project);
      for (const column of state.columns) await store.collection(PROJECT_COLUMNS_COLLECTION).insertOne(column);
      for (const card of state.cards) await store.collection(PROJECT_CARDS_COLLECTION).insertOne(card);
    }
    const projectId = state?.project.id ?? (events[0]?.data as { projectId?: number } | undefined)?.projectId;
    for (const event of events) await projectsProjection.apply(event, liveTarget(store, search, event.position));
    if (projectId === undefined) return null;
    const project = await store.collection<ProjectDocument>(PROJECTS_COLLECTION).findOne({ _id: String(projectId) });
    if (!project) return null;
    const columns = await store.collection<ProjectColumnDocument>(PROJECT_COLUMNS_COLLECTION).find({ project_id: projectId });
    const cards = await store.collection<ProjectCardDocument>(PROJECT_CARDS_COLLECTION).find({ project_id: projectId });
    const byId = new Map(columns.map((column) => [column.id, column]));
    return { project, columns: project.column_ids.flatMap((id) => byId.get(id) ?? []), cards };
  },
};

// as_of: the board's last checkpoint before the instant, folded forward with what followed
// it up to the instant (application/shared/audit/streamTimeline.ts).
@injectable()
export class ReplayedProjectTimeline implements ProjectTimeline {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
  ) {}

  asOf(projectId: number, instant: Date): Promise<ProjectAtInstant | null> {
    const timeline = {
      checkpoints: this.store.collection<TimelineCheckpointDocument<ProjectAtInstant>>(PROJECT_TIMELINE_CHECKPOINTS_COLLECTION),
      heads: this.store.collection<TimelineHeadDocument>(PROJECT_TIMELINE_HEADS_COLLECTION),
    };
    return stateAsOf(this.eventStore, timeline, projectStream(projectId), instant, projectTimelineFold);
  }
}
