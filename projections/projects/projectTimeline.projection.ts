import type { ProjectAtInstant } from '../../application/projects/projectHistory.query.js';
import { PROJECT_TIMELINE_CHECKPOINTS_COLLECTION, PROJECT_TIMELINE_HEADS_COLLECTION } from '../../application/projects/projects.readModel.js';
import { PROJECT_EVENT_TYPES } from '../../domain/projects/project.events.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { streamTimelineProjection } from '../shared/streamTimeline.projection.js';

// Boards as they stood every so many events, for as_of (GET /projects/{id}?as_of=...).
export const projectTimelineProjection = (dependencies: ProjectionDependencies) =>
  streamTimelineProjection<ProjectAtInstant>({
    name: 'project-timeline',
    version: 1,
    checkpoints: PROJECT_TIMELINE_CHECKPOINTS_COLLECTION,
    heads: PROJECT_TIMELINE_HEADS_COLLECTION,
    eventTypes: PROJECT_EVENT_TYPES,
    isTimelineStream: (streamId) => streamId.startsWith('project-'),
    eventStore: dependencies.eventStore,
    folding: dependencies.projectTimelineFold,
  });
