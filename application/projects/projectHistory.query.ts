import { inject, injectable } from 'inversify';
import { projectDecider, type ProjectState } from '../../domain/projects/project.decider.js';
import { projectStream, type ProjectEvent } from '../../domain/projects/project.events.js';
import { actorLoginsIn, type LoginAt } from '../shared/audit/actorLogins.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { auditLogOf, type AuditLogEntry } from '../shared/audit/auditLog.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { foldedState, plainEvents } from '../shared/foldedStates.js';
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
  private readonly loginAt: LoginAt;

  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(PROJECT_TIMELINE) private readonly timeline: ProjectTimeline,
    @inject(TOKENS.ReadModelStore) store: ReadModelStore,
  ) {
    this.loginAt = actorLoginsIn(store, eventStore);
  }

  history(projectId: number, page: { readonly page: number; readonly perPage: number }): Promise<{ entries: AuditLogEntry[]; totalCount: number }> {
    return auditLogOf(this.eventStore, projectStream(projectId), projectAuditVocabulary, this.loginAt, page);
  }

  // The project's last state (a deleted one's as it was, its status aside: the owner and
  // settings that decide who may read its history); null if it never existed. The commands'
  // fold, so what they folded (or snapshotted) is not read again: only what changed since.
  async lastState(projectId: number): Promise<ProjectState | null> {
    const { state, revision } = await foldedState(this.eventStore, projectDecider, projectStream(projectId), plainEvents<ProjectEvent>);
    return revision === 'no_stream' ? null : state;
  }

  asOf(projectId: number, instant: Date): Promise<ProjectAtInstant | null> {
    return this.timeline.asOf(projectId, instant);
  }
}
