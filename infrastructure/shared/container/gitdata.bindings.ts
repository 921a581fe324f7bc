import type { Container } from 'inversify';
import { GitObjectsService } from '../../../application/gitdata/gitObjects.service.js';
import { GitRefsService } from '../../../application/gitdata/gitRefs.service.js';
import { GitRepository } from '../../../application/gitdata/gitRepository.js';
import { GitPushes } from '../../../application/gitdata/gitPushes.service.js';
import { RepositoryContents } from '../../../application/gitdata/contents.service.js';

// The Git Data area's application services (GitStorage is bound by the repositories bindings).
export function bindGitdata(container: Container): void {
  for (const service of [GitRepository, GitObjectsService, GitRefsService, GitPushes, RepositoryContents]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
