import type { Container } from 'inversify';
import { ProjectAccess } from '../../../application/projects/projectAccess.query.js';
import { ProjectCommands } from '../../../application/projects/projectCommands.handler.js';
import { ProjectQueries } from '../../../application/projects/projectQueries.js';

// The classic projects area's application services.
export function bindProjects(container: Container): void {
  for (const service of [ProjectQueries, ProjectAccess, ProjectCommands]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
