import type { Request, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { RepositoryContents } from '../../../application/gitdata/contents.service.js';
import type { RawDownloadLinks } from '../../../application/gitdata/rawDownloadLinks.port.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import type { AccessCaller } from '../../../application/shared/access/repositoryAccess.query.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
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
// API (a private repository answers 404 to whoever may not read it), or a private link's
// `?token=`: the user it was given to, for that file, until it expires, as long as they still
// read the repository (downloadTokens.ts). A token that grants nothing adds nothing: the
// request's own credentials decide.
export function rawFilesRoutes(router: Router, container: Container): void {
  const contents = container.get(RepositoryContents);
  const repositories = container.get(RepositoryQueries);
  const access = container.get(RepositoryAccessQuery);
  const links = container.get<RawDownloadLinks>(TOKENS.RawDownloadLinks);
  const clock = container.get<Clock>(TOKENS.Clock);

  const tokenHolder = async (token: unknown, repository: RepositoryDocument, path: string): Promise<AccessCaller> => {
    if (typeof token !== 'string') return null;
    const grant = await links.verify(token, repository.id, path, clock.now());
    if (grant.kind !== 'valid') return null;
    const user = (await repositories.accountsByIds([grant.userId])).get(grant.userId);
    return user ? { userId: user.id, siteAdmin: user.site_admin } : null;
  };

  router.get('/:owner/:repo/raw/*path', async (req, res) => {
    const [ownerLogin, name] = [String(req.params.owner), String(req.params.repo)];
    const owner = await repositories.accountByLogin(ownerLogin);
    // A download_url handed out before a rename or transfer keeps serving the file, as GitHub's.
    const repository = (owner ? await repositories.byOwnerAndName(owner.id, name) : null) ?? (await movedRepository(repositories, owner, ownerLogin, name));
    if (!repository) return sendNotFound(res);
    const path = refAndPath(req);
    const reads = async (caller: AccessCaller) => (await access.roleFor(caller, repository)) !== 'none';
    const holder = await tokenHolder(req.query.token, repository, path);
    if (!((holder !== null && (await reads(holder))) || (await reads(accessCallerOf(res))))) return sendNotFound(res);
    const file = await contents.download(repository, path);
    if (isLeft(file)) return sendAppError(res, file.left);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendBytes(res, 'text/plain; charset=utf-8', file.right);
  });
}
