import type { Container } from 'inversify';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { ProjectAccess } from '../../../application/projects/projectAccess.query.js';
import { ProjectCommands } from '../../../application/projects/projectCommands.handler.js';
import { ProjectQueries } from '../../../application/projects/projectQueries.js';
import { ProjectLists } from '../../../application/projects/projectLists.query.js';
import { ProjectCollaboratorList } from '../../../application/projects/projectCollaborators.query.js';
import { ProjectHistory } from '../../../application/projects/projectHistory.query.js';
import { ProjectAuditLog } from '../../../application/projects/projectAuditLog.query.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';

export interface ProjectsDeps {
  readonly commands: ProjectCommands;
  readonly projects: ProjectQueries;
  readonly lists: ProjectLists;
  readonly collaboratorList: ProjectCollaboratorList;
  readonly access: ProjectAccess;
  readonly history: ProjectHistory;
  readonly auditLog: ProjectAuditLog;
  readonly repositories: RepositoryQueries;
  readonly repositoryAccess: RepositoryAccessQuery;
  readonly organizations: OrganizationQueries;
  readonly clock: Clock;
}

export function projectsDeps(container: Container): ProjectsDeps {
  return {
    commands: container.get(ProjectCommands),
    projects: container.get(ProjectQueries),
    lists: container.get(ProjectLists),
    collaboratorList: container.get(ProjectCollaboratorList),
    access: container.get(ProjectAccess),
    history: container.get(ProjectHistory),
    auditLog: container.get(ProjectAuditLog),
    repositories: container.get(RepositoryQueries),
    repositoryAccess: container.get(RepositoryAccessQuery),
    organizations: container.get(OrganizationQueries),
    clock: container.get<Clock>(TOKENS.Clock),
  };
}
