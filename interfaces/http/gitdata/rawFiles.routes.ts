import type { Request, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { RepositoryContents } from '../../../application/gitdata/contents.service.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { sendAppError, sendNotFound } from '../shared/respond.js';
import { accessCallerOf, movedRepository } from '../repositories/repositoryScope.js';
import { sendBytes } from './rawContent.js';

function refAndPath(req: Request): string {
  const value = req.params.path as unknown;
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
}

// GET /{owner}/{repo}/raw/{ref}/{path}: what a contents body's download_url names, the file's
// bytes, as GitHub's raw host serves them (text/plain, never sniffed). Read access as for the
// API (a private repository answers 404 to whoever may not read it).
export function rawFilesRoutes(router: Router, container: Container): void {
  const contents = container.get(RepositoryContents);
  const repositories = container.get(RepositoryQueries);
  const access = container.get(RepositoryAccessQuery);

  router.get('/:owner/:repo/raw/*path', async (req, res) => {
    const [ownerLogin, name] = [String(req.params.owner), String(req.params.repo)];
    const owner = await repositories.accountByLogin(ownerLogin);
    // A download_url handed out before a rename or transfer keeps serving the file, as GitHub's.
    const repository = (owner ? await repositories.byOwnerAndName(owner.id, name) : null) ?? (await movedRepository(repositories, owner, ownerLogin, name));
    if (!repository || (await access.roleFor(accessCallerOf(res), repository)) === 'none') return sendNotFound(res);
    const file = await contents.download(repository, refAndPath(req));
    if (isLeft(file)) return sendAppError(res, file.left);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendBytes(res, 'text/plain; charset=utf-8', file.right);
  });
}
