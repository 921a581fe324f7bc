import type { Container } from 'inversify';
import { ProjectAccess } from '../../../application/projects/projectAccess.query.js';
import { ProjectCommands } from '../../../application/projects/projectCommands.handler.js';
import { ProjectQueries } from '../../../application/projects/projectQueries.js';
import { ProjectLists } from '../../../application/projects/projectLists.query.js';
import { ProjectCollaboratorList } from '../../../application/projects/projectCollaborators.query.js';
import { ProjectAuditLog } from '../../../application/projects/projectAuditLog.query.js';
import { PROJECT_TIMELINE, ProjectHistory } from '../../../application/projects/projectHistory.query.js';
import { ReplayedProjectTimeline } from '../../projects/projectTimeline.js';

// The classic projects area's application services.
export function bindProjects(container: Container): void {
  container.bind(PROJECT_TIMELINE).to(ReplayedProjectTimeline).inSingletonScope();
  for (const service of [ProjectQueries, ProjectLists, ProjectCollaboratorList, ProjectAccess, ProjectCommands, ProjectHistory, ProjectAuditLog]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
