import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { CollaboratorAffiliation } from '../../../application/repositories/repositoryCollaborators.query.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { sendGithubError } from '../shared/githubError.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { collaborator, collaboratorPermission } from './collaborators.encoders.js';
import { encodeInvitations } from './invitations.routes.js';
import { AddCollaboratorBody } from './repositories.codecs.js';
import type { RepositoriesDeps } from './repositories.deps.js';
import { accessCallerOf, repositoryScopeOf } from './repositoryScope.js';

const PERMISSION_DOCUMENTATION_URL = 'https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user';
const AFFILIATIONS: readonly CollaboratorAffiliation[] = ['outside', 'direct', 'all'];

export function collaboratorRoutes(router: Router, deps: RepositoriesDeps): void {
  router.get('/repos/:owner/:repo/collaborators', requireUser, async (req: Request, res: Response) => {
    const requested = req.query.affiliation as CollaboratorAffiliation;
    const affiliation = AFFILIATIONS.includes(requested) ? requested : 'all';
    const { page, perPage } = parsePagination(req.query);
    const listed = await deps.collaborators.list(accessCallerOf(res), repositoryScopeOf(res).repository.id, affiliation, { page, perPage });
    if (isLeft(listed)) return sendAppError(res, listed.left);
    setLinkHeader(req, res, { page, perPage, totalCount: listed.right.totalCount });
    res.json(listed.right.items.map(({ user, role }) => collaborator(user, role, urlsOf(res))));
  });

  router.get('/repos/:owner/:repo/collaborators/:username', requireUser, async (req: Request, res: Response) => {
    const isCollaborator = await deps.collaborators.isCollaborator(accessCallerOf(res), repositoryScopeOf(res).repository.id, String(req.params.username));
    if (isLeft(isCollaborator)) return sendAppError(res, isCollaborator.left);
    if (!isCollaborator.right) return sendNotFound(res);
    res.status(204).end();
  });

  router.get('/repos/:owner/:repo/collaborators/:username/permission', requireUser, async (req: Request, res: Response) => {
    const entry = await deps.collaborators.permissionOf(accessCallerOf(res), repositoryScopeOf(res).repository.id, String(req.params.username));
    if (isLeft(entry) && entry.left._tag === 'RepositoryAccessDenied')
      return sendGithubError(res, 403, 'Must have push access to view collaborator permission.', { documentationUrl: PERMISSION_DOCUMENTATION_URL });
    if (isLeft(entry)) return sendAppError(res, entry.left);
    res.json(collaboratorPermission(entry.right.user, entry.right.role, urlsOf(res)));
  });

  // GitHub's default permission is push.
  router.put('/repos/:owner/:repo/collaborators/:username', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(AddCollaboratorBody, bodyOrEmpty(req.body), 'Repository');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const permission = body.right.permission ?? 'push';
    const scope = repositoryScopeOf(res);
    const caller = accessCallerOf(res)!;
    const changed = await deps.setCollaborator.execute(
      caller,
      scope.repository.id,
      { login: String(req.params.username), permission },
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(changed)) return sendAppError(res, changed.left);
    if (changed.right.outcome === 'collaborator') return void res.status(204).end();
    const invitation = await deps.invitations.byId(changed.right.invitationId);
    const encoded = invitation ? await encodeInvitations(deps, [invitation], urlsOf(res)) : [];
    if (encoded.length === 0) return sendNotFound(res);
    res.status(201).json(encoded[0]);
  });

  router.delete('/repos/:owner/:repo/collaborators/:username', requireUser, async (req: Request, res: Response) => {
    const removed = await deps.removeCollaborator.execute(
      accessCallerOf(res),
      repositoryScopeOf(res).repository.id,
      String(req.params.username),
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(removed)) return sendAppError(res, removed.left);
    res.status(204).end();
  });
}
