import type { Request, RequestHandler, Response } from 'express';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import type { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import type { AccessCaller, RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import type { RepositoryPermission } from '../../../domain/shared/access.js';
import { urlsOf } from '../shared/apiUrls.js';
import { callerOf, readsAsAnonymous } from '../shared/caller.js';
import { sendNotFound } from '../shared/respond.js';

// The repository a /repos/{owner}/{repo}/... request is about, resolved once for every
// area's routes: its document, its owner, and the caller's role (never 'none': a repository
// the caller may not read has already been answered 404).
export interface RepositoryScope {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly role: RepositoryPermission;
}

export interface RepositoryScopeDeps {
  readonly repositories: RepositoryQueries;
  readonly access: RepositoryAccessQuery;
}

export function accessCallerOf(res: Response): AccessCaller {
  const caller = callerOf(res);
  if (caller.kind !== 'user' || readsAsAnonymous(res)) return null;
  return caller.scopes === undefined
    ? { userId: caller.userId, siteAdmin: caller.siteAdmin }
    : { userId: caller.userId, siteAdmin: caller.siteAdmin, scopes: caller.scopes };
}

export function repositoryScopeOf(res: Response): RepositoryScope {
  const scope = res.locals.repositoryScope as RepositoryScope | undefined;
  if (!scope) throw new Error('route is not under the /repos/:owner/:repo scope');
  return scope;
}

// Mounted on /repos/:owner/:repo before any route under it (and on /networks/:owner/:repo).
export function repositoryScope({ repositories, access }: RepositoryScopeDeps, prefix: 'repos' | 'networks' = 'repos'): RequestHandler {
  return async (req, res, next) => {
    const { owner: ownerLogin = '', repo: name = '' } = req.params as Record<string, string | undefined>;
    const caller = accessCallerOf(res);
    const owner = await repositories.accountByLogin(ownerLogin);
    const repository = owner ? await repositories.byOwnerAndName(owner.id, name) : null;
    if (owner && repository) {
      const role = await access.roleFor(caller, repository);
      if (role === 'none') return sendNotFound(res);
      res.locals.repositoryScope = { repository, owner, role } satisfies RepositoryScope;
      return next();
    }
    const moved = await movedRepository(repositories, owner, ownerLogin, name);
    if (moved && (await access.roleFor(caller, moved)) !== 'none') return redirectToMoved(req, res, repositories, moved, prefix);
    sendNotFound(res);
  };
}

// The repository an owner and name no longer held answer for: renamed or transferred, or its
// owner renamed. Null when there is none.
export function movedRepository(
  repositories: RepositoryQueries,
  owner: UserDocument | null,
  ownerLogin: string,
  name: string,
): Promise<RepositoryDocument | null> {
  return owner ? repositories.movedFrom(owner.id, name) : movedWithRenamedOwner(repositories, ownerLogin, name);
}

// No account holds the login now, but one did before a rename: its repository at that name
// (or the one that name has since moved to) answers with a redirect, as on GitHub.
async function movedWithRenamedOwner(repositories: RepositoryQueries, formerLogin: string, name: string): Promise<RepositoryDocument | null> {
  const accountId = await repositories.accountIdByFormerLogin(formerLogin);
  if (accountId === null) return null;
  return (await repositories.byOwnerAndName(accountId, name)) ?? (await repositories.movedFrom(accountId, name));
}

// A renamed or transferred repository keeps answering at its old name: the same path and
// query under the new full name. GitHub sends 301 for reads; other methods get 307 so the
// client repeats the same method and body.
async function redirectToMoved(req: Request, res: Response, repositories: RepositoryQueries, moved: RepositoryDocument, prefix: string): Promise<void> {
  const owner = (await repositories.accountsByIds([moved.owner_id])).get(moved.owner_id);
  if (!owner) return sendNotFound(res);
  // Inside a router.use('/repos/:owner/:repo') layer, req.url is what follows the repository.
  const rest = req.url === '/' ? '' : req.url.startsWith('/?') ? req.url.slice(1) : req.url;
  const location = urlsOf(res).api(`/${prefix}/${owner.login}/${moved.name}${rest}`);
  const reading = req.method === 'GET' || req.method === 'HEAD';
  res
    .status(reading ? 301 : 307)
    .location(location)
    .json({
      message: reading ? 'Moved Permanently' : 'Temporary Redirect',
      url: location,
      documentation_url: 'https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects',
    });
}
