import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { RepositoryInvitationDocument } from '../../../application/repositories/repositories.readModel.js';
import { roleOfCollaborator, type CollaboratorPermission } from '../../../domain/shared/access.js';
import { urlsOf, type ApiUrls } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { callerOf } from '../shared/caller.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { repositoryInvitation } from './collaborators.encoders.js';
import { UpdateInvitationBody } from './repositories.codecs.js';
import type { RepositoriesDeps } from './repositories.deps.js';
import { accessCallerOf, repositoryScopeOf } from './repositoryScope.js';

const PERMISSION_OF_ROLE: Readonly<Record<string, CollaboratorPermission>> = Object.assign(Object.create(null), {
  read: 'pull',
  triage: 'triage',
  write: 'push',
  maintain: 'maintain',
  admin: 'admin',
});

// GitHub's repository-invitation for each pending invitation, with its repository, invitee
// and inviter (one read of each kind for the page).
export async function encodeInvitations(deps: RepositoriesDeps, invitations: readonly RepositoryInvitationDocument[], urls: ApiUrls) {
  const repositories = new Map(
    (await deps.repositories.byIds([...new Set(invitations.map((invitation) => invitation.repository_id))])).map((repository) => [repository.id, repository]),
  );
  const accountIds = new Set<number>();
  for (const invitation of invitations) accountIds.add(invitation.invitee_id).add(invitation.inviter_id);
  for (const repository of repositories.values()) accountIds.add(repository.owner_id);
  const accounts = await deps.repositories.accountsByIds([...accountIds]);
  return invitations.flatMap((invitation) => {
    const repository = repositories.get(invitation.repository_id);
    const owner = repository && accounts.get(repository.owner_id);
    const invitee = accounts.get(invitation.invitee_id);
    const inviter = accounts.get(invitation.inviter_id);
    if (!repository || !owner || !invitee || !inviter) return [];
    const role = roleOfCollaborator(invitation.permission);
    return [repositoryInvitation({ id: invitation.id, invitee, inviter, role, createdAt: invitation.created_at }, { document: repository, owner }, urls)];
  });
}

function invitationId(req: Request): number | null {
  const raw = String(req.params.invitation_id);
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

// Invitations to collaborate: the invitee's (/user/repository_invitations) and the
// repository administrators' (/repos/{owner}/{repo}/invitations).
export function invitationRoutes(router: Router, deps: RepositoriesDeps): void {
  router.get('/user/repository_invitations', requireUser, async (req: Request, res: Response) => {
    const caller = callerOf(res);
    if (caller.kind !== 'user') return sendNotFound(res);
    const { page, perPage } = parsePagination(req.query);
    const { items, totalCount } = await deps.invitations.ofInvitee(caller.userId, { page, perPage });
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(await encodeInvitations(deps, items, urlsOf(res)));
  });

  // Accept (PATCH) or decline (DELETE): 204, or 404 for an invitation that is not the caller's.
  for (const [method, answer] of [
    ['patch', 'accept'],
    ['delete', 'decline'],
  ] as const) {
    router[method]('/user/repository_invitations/:invitation_id', requireUser, async (req: Request, res: Response) => {
      const caller = callerOf(res);
      const id = invitationId(req);
      if (caller.kind !== 'user' || id === null) return sendNotFound(res);
      const done = await deps.invitationCommands[answer](caller.userId, id, commandContext(req, res, deps.clock.now()));
      if (isLeft(done)) return sendAppError(res, done.left);
      res.status(204).end();
    });
  }

  router.get('/repos/:owner/:repo/invitations', requireUser, async (req: Request, res: Response) => {
    const scope = repositoryScopeOf(res);
    if (scope.role !== 'admin') return sendNotFound(res);
    const { page, perPage } = parsePagination(req.query);
    const { items, totalCount } = await deps.invitations.ofRepository(scope.repository.id, { page, perPage });
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(await encodeInvitations(deps, items, urlsOf(res)));
  });

  router.patch('/repos/:owner/:repo/invitations/:invitation_id', requireUser, async (req: Request, res: Response) => {
    const id = invitationId(req);
    if (id === null) return sendNotFound(res);
    const body = decodeInput(UpdateInvitationBody, bodyOrEmpty(req.body), 'RepositoryInvitation');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const scope = repositoryScopeOf(res);
    if (body.right.permissions !== undefined) {
      const updated = await deps.invitationCommands.update(
        accessCallerOf(res),
        scope.repository.id,
        id,
        PERMISSION_OF_ROLE[body.right.permissions]!,
        commandContext(req, res, deps.clock.now()),
      );
      if (isLeft(updated)) return sendAppError(res, updated.left);
    } else if (scope.role !== 'admin') return sendNotFound(res);
    const invitation = await deps.invitations.byId(id);
    if (!invitation || invitation.repository_id !== scope.repository.id) return sendNotFound(res);
    res.json((await encodeInvitations(deps, [invitation], urlsOf(res)))[0]);
  });

  router.delete('/repos/:owner/:repo/invitations/:invitation_id', requireUser, async (req: Request, res: Response) => {
    const id = invitationId(req);
    if (id === null) return sendNotFound(res);
    const withdrawn = await deps.invitationCommands.withdraw(
      accessCallerOf(res),
      repositoryScopeOf(res).repository.id,
      id,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(withdrawn)) return sendAppError(res, withdrawn.left);
    res.status(204).end();
  });
}
