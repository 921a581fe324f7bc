import { join } from 'node:path';
import type { Container } from 'inversify';
import { MigrationCommands } from '../../../application/migrations/migrationCommands.handler.js';
import { MigrationQueries } from '../../../application/migrations/migrationQueries.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { ArchiveImporter } from '../../../application/migrations/archiveImporter.js';
import { TarArchiveReaders } from '../../migrations/tarArchiveReaders.js';
import { HmacArchiveLinks } from '../../migrations/hmacArchiveLinks.js';
import { DirectoryArchiveStore } from '../../migrations/tarArchiveWriters.js';
import type { Config } from '../config/config.js';

// Archives under the data directory; their download links signed with a key outside the log.
export function bindMigrations(container: Container): void {
  const config = container.get<Config>(TOKENS.Config);
  const archives = new DirectoryArchiveStore(config.dataDir, container.get<GitStorage>(TOKENS.GitStorage));
  container.bind(TOKENS.ArchiveStorage).toConstantValue(archives);
  container.bind(TOKENS.ArchiveWriters).toConstantValue(archives);
  container
    .bind(TOKENS.ArchiveLinks)
    .toConstantValue(new HmacArchiveLinks(join(config.dataDir, 'keys', 'archive-links.key'), process.env.FORGELOG_ARCHIVE_LINK_KEY));
  container.bind(TOKENS.ArchiveReaders).toConstantValue(new TarArchiveReaders(config.dataDir));
  container.bind(ArchiveImporter).toSelf().inSingletonScope();
  container.bind(MigrationQueries).toSelf().inSingletonScope();
  container.bind(MigrationCommands).toSelf().inSingletonScope();
}
