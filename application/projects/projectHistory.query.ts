import { inject, injectable } from 'inversify';
import { projectDecider, type ProjectState } from '../../domain/projects/project.decider.js';
import { projectStream, type ProjectEvent } from '../../domain/projects/project.events.js';
import { auditLogOf, type AuditLogEntry } from '../shared/audit/auditLog.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { projectAuditVocabulary } from './projectAuditVocabulary.js';
import type { ProjectCardDocument, ProjectColumnDocument, ProjectDocument } from './projects.readModel.js';

// A project, its columns and its cards as they stood at an instant: the projection applied to
// the project's stream up to then (implemented where both are reachable: infrastructure/projects).
export interface ProjectAtInstant {
  readonly project: ProjectDocument;
  readonly columns: readonly ProjectColumnDocument[];
  readonly cards: readonly ProjectCardDocument[];
}

export interface ProjectTimeline {
  asOf(projectId: number, instant: Date): Promise<ProjectAtInstant | null>;
}

export const PROJECT_TIMELINE = Symbol('ProjectTimeline');

// A project's whole life from its stream (a deleted project's too).
@injectable()
export class ProjectHistory {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(PROJECT_TIMELINE) private readonly timeline: ProjectTimeline,
  ) {}

  history(projectId: number): Promise<AuditLogEntry[]> {
    return auditLogOf(this.eventStore, projectStream(projectId), projectAuditVocabulary);
  }

  // The project's last state (a deleted one's as it was before deletion); null if it never existed.
  async lastState(projectId: number): Promise<ProjectState | null> {
    const events = await this.eventStore.readStream(projectStream(projectId));
    if (events.length === 0) return null;
    const live = events.filter((stored) => stored.type !== 'ProjectDeleted');
    return live.map((stored) => ({ type: stored.type, data: stored.data }) as ProjectEvent).reduce(projectDecider.evolve, projectDecider.initialState());
  }

  asOf(projectId: number, instant: Date): Promise<ProjectAtInstant | null> {
    return this.timeline.asOf(projectId, instant);
  }
}
