import { Router } from 'express';
import type { Container } from 'inversify';
import { SourceImportCommands } from '../../../application/imports/sourceImportCommands.handler.js';
import { SourceImportQueries } from '../../../application/imports/sourceImports.queries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { importRoutes } from './imports.routes.js';

// Source imports. Mounted after the repositories router, which resolves /repos/:owner/:repo.
export function importsRouter(container: Container): Router {
  const router = Router();
  importRoutes(router, {
    commands: container.get(SourceImportCommands),
    imports: container.get(SourceImportQueries),
    clock: container.get<Clock>(TOKENS.Clock),
  });
  return router;
}
