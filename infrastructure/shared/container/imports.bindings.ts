import type { Container } from 'inversify';
import { ImportedHistory } from '../../../application/imports/importedHistory.js';
import { SourceImportCommands } from '../../../application/imports/sourceImportCommands.handler.js';
import { SourceImportQueries } from '../../../application/imports/sourceImports.queries.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { GitSourceImporter } from '../../imports/gitSourceImporter.js';
import type { Config } from '../config/config.js';

// Source credentials are encrypted as two-factor secrets are (the same cipher and key).
export function bindImports(container: Container): void {
  const config = container.get<Config>(TOKENS.Config);
  container.bind(TOKENS.ImportCredentialCipher).toDynamicValue(() => container.get(TOKENS.TotpSecretCipher));
  container.bind(TOKENS.SourceImporter).toConstantValue(
    new GitSourceImporter({
      dataDirectory: config.dataDir,
      largeFileBytes: config.imports.largeFileBytes,
      allowPrivateSources: config.imports.allowPrivateSources,
    }),
  );
  container.bind(SourceImportQueries).toSelf().inSingletonScope();
  container.bind(SourceImportCommands).toSelf().inSingletonScope();
  container.bind(ImportedHistory).toSelf().inSingletonScope();
}
