import { Router } from 'express';
import type { Container } from 'inversify';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { MigrationCommands } from '../../../application/migrations/migrationCommands.handler.js';
import { MigrationQueries } from '../../../application/migrations/migrationQueries.js';
import type { ArchiveLinks, ArchiveStorage } from '../../../application/migrations/migrationArchive.ports.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { EmbeddedRepositories } from '../../../application/shared/access/embeddedRepositories.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { ArchiveImporter } from '../../../application/migrations/archiveImporter.js';
import { archiveDownloadRoute, archiveImportRoute, organizationMigrationRoutes, userMigrationRoutes } from './migrations.routes.js';

// Organization and user migrations, and the signed archive links they redirect to.
export function migrationsRouter(container: Container): Router {
  const deps = {
    commands: container.get(MigrationCommands),
    migrations: container.get(MigrationQueries),
    repositories: container.get(RepositoryQueries),
    access: container.get(RepositoryAccessQuery),
    embedded: container.get(EmbeddedRepositories),
    organizations: container.get(OrganizationQueries),
    archives: container.get<ArchiveStorage>(TOKENS.ArchiveStorage),
    links: container.get<ArchiveLinks>(TOKENS.ArchiveLinks),
    clock: container.get<Clock>(TOKENS.Clock),
  };
  const router = Router();
  archiveDownloadRoute(router, deps);
  archiveImportRoute(router, container.get(ArchiveImporter));
  organizationMigrationRoutes(router, deps);
  userMigrationRoutes(router, deps);
  return router;
}
