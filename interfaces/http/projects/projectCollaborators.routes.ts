import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { CollaboratorAffiliation } from '../../../application/projects/projectCollaborators.query.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { sendGithubError } from '../shared/githubError.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import { CollaboratorBody } from './projects.codecs.js';
import { sendProjectAppError } from './projectValidation.js';
import type { ProjectsDeps } from './projects.deps.js';
import { pathNumber } from '../shared/pathParams.js';

function affiliation(req: Request): CollaboratorAffiliation | null {
  const raw = req.query.affiliation;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined) return 'all';
  return value === 'outside' || value === 'direct' || value === 'all' ? value : null;
}

// Collaborators of organization and user projects; project admins only, as on GitHub.
export function projectCollaboratorRoutes(router: Router, deps: ProjectsDeps): void {
  const adminOf = async (res: Response, value: unknown) => {
    const projectId = pathNumber(value);
    if (projectId === null) {
      sendNotFound(res);
      return null;
    }
    const authorized = await deps.access.authorize(accessCallerOf(res), projectId, 'admin');
    if (isLeft(authorized)) {
      sendAppError(res, authorized.left);
      return null;
    }
    return authorized.right.project;
  };

  router.get('/projects/:project_id/collaborators', requireUser, async (req, res) => {
    const wanted = affiliation(req);
    if (wanted === null) return sendGithubError(res, 422, 'Validation Failed', { errors: [{ resource: 'Project', field: 'affiliation', code: 'invalid' }] });
    const project = await adminOf(res, req.params.project_id);
    if (!project) return;
    const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
    const { items, totalCount } = await deps.collaboratorList.list(project, wanted, { page, perPage });
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(items.map((user) => simpleUser(user, urlsOf(res))));
  });

  router.put('/projects/:project_id/collaborators/:username', requireUser, async (req, res) => {
    const body = decodeInput(CollaboratorBody, bodyOrEmpty(req.body), 'Project');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const project = await adminOf(res, req.params.project_id);
    if (!project) return;
    const user = await deps.repositories.accountByLogin(String(req.params.username));
    if (!user || user.type !== 'User') return sendNotFound(res);
    const set = await deps.commands.setCollaborator(
      accessCallerOf(res)!,
      project.id,
      user.id,
      body.right.permission ?? 'write',
      commandContext(req, res, deps.clock.now()),
    );
    // GitHub declares `validation-error` (objects) for this operation.
    if (isLeft(set)) return sendProjectAppError(res, set.left, { resource: 'Project' });
    res.status(204).end();
  });

  router.delete('/projects/:project_id/collaborators/:username', requireUser, async (req, res) => {
    const project = await adminOf(res, req.params.project_id);
    if (!project) return;
    const user = await deps.repositories.accountByLogin(String(req.params.username));
    if (!user) return sendNotFound(res);
    const removed = await deps.commands.removeCollaborator(accessCallerOf(res)!, project.id, user.id, commandContext(req, res, deps.clock.now()));
    if (isLeft(removed)) return sendAppError(res, removed.left);
    res.status(204).end();
  });

  // The user's effective permission on the project, as the access decision gives it.
  router.get('/projects/:project_id/collaborators/:username/permission', requireUser, async (req, res) => {
    const project = await adminOf(res, req.params.project_id);
    if (!project) return;
    const user = await deps.repositories.accountByLogin(String(req.params.username));
    if (!user || user.type !== 'User') return sendNotFound(res);
    const permission = await deps.access.roleOf({ userId: user.id, siteAdmin: user.site_admin }, project);
    res.json({ permission, user: simpleUser(user, urlsOf(res)) });
  });
}
