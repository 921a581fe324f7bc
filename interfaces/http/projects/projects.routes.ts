import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { ProjectStateFilter } from '../../../application/projects/projectQueries.js';
import type { ProjectOwner } from '../../../application/projects/projectCommands.handler.js';
import { pathNumber } from '../shared/pathParams.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { CreateProjectBody, UpdateProjectBody } from './projects.codecs.js';
import type { ProjectsDeps } from './projects.deps.js';
import { projectsJson } from './projectResponses.js';
import { sendObjectValidationFailed, sendProjectAppError, sendSimpleValidationFailed } from './projectValidation.js';

// A user's list declares GitHub's `validation-error` (objects), the others the simple one.
function stateFilter(req: Request, res: Response, owner: ProjectOwner): ProjectStateFilter | null {
  const raw = req.query.state;
  const state = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (state === undefined) return 'open';
  if (state === 'open' || state === 'closed' || state === 'all') return state;
  const sentence = `state must be one of open, closed, all, got "${String(state)}"`;
  if (owner.kind === 'user') sendObjectValidationFailed(res, 'Project', [{ resource: 'Project', field: 'state', code: 'invalid', message: sentence }]);
  else sendSimpleValidationFailed(res, [sentence]);
  return null;
}

async function sendProject(res: Response, deps: ProjectsDeps, projectId: number, status: number): Promise<void> {
  const project = await deps.projects.project(projectId);
  if (!project) return sendNotFound(res);
  const role = await deps.access.roleOf(accessCallerOf(res), project);
  const [json] = await projectsJson(res, deps, [{ project, role }]);
  res.status(status).json(json);
}

// The projects of a repository, organization or user the caller may see, in number order.
async function sendProjectList(req: Request, res: Response, deps: ProjectsDeps, owner: ProjectOwner): Promise<void> {
  const state = stateFilter(req, res, owner);
  if (state === null) return;
  const disabled = await deps.access.disabledFor({ owner_kind: owner.kind, owner_id: owner.id });
  if (disabled) return sendAppError(res, disabled);
  const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
  const { items, totalCount } = await deps.lists.ofOwner(accessCallerOf(res), owner, state, { page, perPage });
  setLinkHeader(req, res, { page, perPage, totalCount });
  res.json(await projectsJson(res, deps, items));
}

async function createProject(req: Request, res: Response, deps: ProjectsDeps, owner: ProjectOwner): Promise<void> {
  const body = decodeInput(CreateProjectBody, bodyOrEmpty(req.body), 'Project');
  if (isLeft(body)) return sendSimpleValidationFailed(res, body.left);
  const created = await deps.commands.create(
    accessCallerOf(res)!,
    owner,
    { name: body.right.name, body: body.right.body ?? null },
    commandContext(req, res, deps.clock.now()),
  );
  if (isLeft(created)) return sendProjectAppError(res, created.left, 'simple');
  await sendProject(res, deps, created.right, 201);
}

async function accountOwner(deps: ProjectsDeps, login: string, type: 'User' | 'Organization'): Promise<ProjectOwner | null> {
  const account = await deps.repositories.accountByLogin(login);
  return account && account.type === type ? { kind: type === 'User' ? 'user' : 'organization', id: account.id } : null;
}

export function projectRoutes(router: Router, deps: ProjectsDeps): void {
  router.get('/repos/:owner/:repo/projects', (req, res) => sendProjectList(req, res, deps, { kind: 'repository', id: repositoryScopeOf(res).repository.id }));
  router.post('/repos/:owner/:repo/projects', requireUser, (req, res) =>
    createProject(req, res, deps, { kind: 'repository', id: repositoryScopeOf(res).repository.id }),
  );

  router.get('/orgs/:org/projects', async (req, res) => {
    const owner = await accountOwner(deps, String(req.params.org), 'Organization');
    if (!owner) return sendNotFound(res);
    await sendProjectList(req, res, deps, owner);
  });
  router.post('/orgs/:org/projects', requireUser, async (req, res) => {
    const owner = await accountOwner(deps, String(req.params.org), 'Organization');
    if (!owner) return sendNotFound(res);
    await createProject(req, res, deps, owner);
  });

  // The ghost's too (GET /users/ghost answers it), empty.
  router.get('/users/:username/projects', async (req, res) => {
    const account = await deps.repositories.shownAccountByLogin(String(req.params.username));
    const owner = account && account.type === 'User' ? { kind: 'user' as const, id: account.id } : null;
    if (!owner) return sendNotFound(res);
    await sendProjectList(req, res, deps, owner);
  });
  router.post('/user/projects', requireUser, (req, res) => createProject(req, res, deps, { kind: 'user', id: accessCallerOf(res)!.userId }));

  router.get('/projects/:project_id', async (req, res) => {
    const projectId = pathNumber(req.params.project_id);
    if (projectId === null) return sendNotFound(res);
    const authorized = await deps.access.authorize(accessCallerOf(res), projectId, 'read');
    if (isLeft(authorized)) return sendAppError(res, authorized.left);
    await sendProject(res, deps, projectId, 200);
  });

  router.patch('/projects/:project_id', requireUser, async (req, res) => {
    const projectId = pathNumber(req.params.project_id);
    if (projectId === null) return sendNotFound(res);
    const body = decodeInput(UpdateProjectBody, bodyOrEmpty(req.body), 'Project');
    if (isLeft(body)) return sendSimpleValidationFailed(res, body.left);
    const { name, body: text, state, organization_permission: organizationPermission, private: isPrivate } = body.right;
    const changes = {
      ...(name === undefined ? {} : { name }),
      ...(text === undefined ? {} : { body: text }),
      ...(state === undefined ? {} : { state }),
      ...(organizationPermission === undefined ? {} : { organizationPermission }),
      ...(isPrivate === undefined ? {} : { private: isPrivate }),
    };
    const updated = await deps.commands.update(accessCallerOf(res)!, projectId, changes, commandContext(req, res, deps.clock.now()));
    if (isLeft(updated)) return sendProjectAppError(res, updated.left, 'simple');
    await sendProject(res, deps, projectId, 200);
  });

  router.delete('/projects/:project_id', requireUser, async (req, res) => {
    const projectId = pathNumber(req.params.project_id);
    if (projectId === null) return sendNotFound(res);
    const deleted = await deps.commands.delete(accessCallerOf(res)!, projectId, commandContext(req, res, deps.clock.now()));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });
}
