import { join } from 'node:path';
import type { Container } from 'inversify';
import { GitObjectsService } from '../../../application/gitdata/gitObjects.service.js';
import { GitRefsService } from '../../../application/gitdata/gitRefs.service.js';
import { GitRepository } from '../../../application/gitdata/gitRepository.js';
import { GitPushes } from '../../../application/gitdata/gitPushes.service.js';
import { RepositoryContents } from '../../../application/gitdata/contents.service.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { HmacRawDownloadLinks } from '../../gitdata/hmacRawDownloadLinks.js';
import { MarkdownRenderer } from '../../gitdata/markdownRenderer.js';
import type { Config } from '../config/config.js';

// The Git Data area's application services (GitStorage is bound by the repositories bindings);
// a private repository's download links signed with a key outside the log; files rendered
// to HTML with marked.
export function bindGitdata(container: Container): void {
  const config = container.get<Config>(TOKENS.Config);
  container
    .bind(TOKENS.RawDownloadLinks)
    .toConstantValue(new HmacRawDownloadLinks(join(config.dataDir, 'keys', 'raw-download-links.key'), process.env.FORGELOG_RAW_LINK_KEY));
  container.bind(TOKENS.MarkupRenderer).toConstantValue(new MarkdownRenderer());
  for (const service of [GitRepository, GitObjectsService, GitRefsService, GitPushes, RepositoryContents]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
