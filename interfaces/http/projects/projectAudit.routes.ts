import type { NextFunction, Request, Response, Router } from 'express';
import type { ProjectDocument } from '../../../application/projects/projects.readModel.js';
import { parseAuditPhrase } from '../../../application/projects/projectAuditLog.query.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { sendGithubError } from '../shared/githubError.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { sendAppError, sendNotFound } from '../shared/respond.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import type { ProjectsDeps } from './projects.deps.js';
import { columnJson } from './projects.encoders.js';
import { cardsJson, projectsJson } from './projectResponses.js';
import { withUnreadableContentRedacted } from './historyRedaction.js';
import { archivedStateOf, sendInvalidArchivedState } from './archivedState.js';
import { listedCardIds } from '../../../application/projects/projectQueries.js';
import { pathNumber } from '../shared/pathParams.js';
import { AS_OF_INVALID, asOfInstant } from '../shared/asOfInstant.js';

// forgelog's extensions, on the audit mechanism tokens use: a project's history in GitHub's
// audit-log entry shape, a project, its columns or a column's cards `as_of` a past instant, and
// GitHub's GET /orgs/{org}/audit-log for an organization's project changes.

// Project admins and site administrators, a deleted project's included (its last state decides).
async function administeredProject(res: Response, deps: ProjectsDeps, value: unknown): Promise<ProjectDocument | null> {
  const projectId = pathNumber(value);
  const state = projectId === null ? null : await deps.history.lastState(projectId);
  if (projectId === null || !state) return null;
  const asItWas = {
    id: projectId,
    owner_kind: state.ownerKind,
    owner_id: state.ownerId,
    private: state.settings.private,
    organization_permission: state.settings.organizationPermission,
  } as ProjectDocument;
  return (await deps.access.roleOf(accessCallerOf(res), asItWas)) === 'admin' ? asItWas : null;
}

async function administeredProjectId(res: Response, deps: ProjectsDeps, value: unknown): Promise<number | null> {
  return (await administeredProject(res, deps, value))?.id ?? null;
}

// An as_of read is the present-day read at another instant: where projects are switched off
// now it answers 410 as that read does (undefined: answered), not the board as it was.
async function projectReadableAsOf(res: Response, deps: ProjectsDeps, value: unknown): Promise<number | null | undefined> {
  const project = await administeredProject(res, deps, value);
  if (!project) return null;
  const disabled = await deps.access.disabledFor(project);
  if (!disabled) return project.id;
  sendAppError(res, disabled);
  return undefined;
}

// A repeated parameter takes its last value, as Rails does.
const lastQueryValue = (raw: unknown): unknown => (Array.isArray(raw) ? raw[raw.length - 1] : raw);

function instantOf(req: Request, res: Response): Date | null | undefined {
  const raw = req.query.as_of;
  if (raw === undefined) return undefined;
  const instant = asOfInstant(raw);
  if (!instant) sendGithubError(res, 422, 'Validation Failed', { errors: [{ resource: 'Project', field: 'as_of', code: 'invalid', message: AS_OF_INVALID }] });
  return instant;
}

export function projectAuditRoutes(router: Router, deps: ProjectsDeps): void {
  router.get('/projects/:project_id/history', requireUser, async (req, res) => {
    const projectId = await administeredProjectId(res, deps, req.params.project_id);
    if (projectId === null) return sendNotFound(res);
    const { page, perPage } = parsePagination(req.query);
    const { entries, totalCount } = await deps.history.history(projectId, { page, perPage });
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(await withUnreadableContentRedacted(res, deps, entries));
  });

  const asOf = (answer: (req: Request, res: Response, instant: Date) => Promise<void>) => async (req: Request, res: Response, next: NextFunction) => {
    const instant = instantOf(req, res);
    if (instant === undefined) return next();
    if (instant === null) return;
    await answer(req, res, instant);
  };

  router.get(
    '/projects/:project_id',
    asOf(async (req, res, instant) => {
      const projectId = await projectReadableAsOf(res, deps, req.params.project_id);
      if (projectId === undefined) return;
      const then = projectId === null ? null : await deps.history.asOf(projectId, instant);
      if (!then) return sendNotFound(res);
      const [json] = await projectsJson(res, deps, [{ project: then.project, role: 'admin' }]);
      res.json(json);
    }),
  );

  // The same pages as the present-day lists (per_page, page, Link), and for cards the same
  // archived_state filter: a past column lists what the same request listed then.
  router.get(
    '/projects/:project_id/columns',
    asOf(async (req, res, instant) => {
      const projectId = await projectReadableAsOf(res, deps, req.params.project_id);
      if (projectId === undefined) return;
      const then = projectId === null ? null : await deps.history.asOf(projectId, instant);
      if (!then) return sendNotFound(res);
      const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
      setLinkHeader(req, res, { page, perPage, totalCount: then.columns.length });
      res.json(then.columns.slice((page - 1) * perPage, page * perPage).map((column) => columnJson(column, urlsOf(res))));
    }),
  );

  router.get(
    '/projects/columns/:column_id/cards',
    asOf(async (req, res, instant) => {
      const state = archivedStateOf(req);
      if (state === null) return sendInvalidArchivedState(res);
      const columnId = pathNumber(req.params.column_id);
      const home = columnId === null ? null : await deps.projects.projectIdOfColumn(columnId);
      const projectId = home === null ? null : await projectReadableAsOf(res, deps, String(home));
      if (projectId === undefined) return;
      const then = projectId === null ? null : await deps.history.asOf(projectId, instant);
      const columnThen = then?.columns.find((candidate) => candidate.id === columnId);
      if (!then || !columnThen) return sendNotFound(res);
      const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
      const ids = listedCardIds(columnThen, state);
      setLinkHeader(req, res, { page, perPage, totalCount: ids.length });
      const cards = new Map(then.cards.map((card) => [card.id, card]));
      res.json(
        await cardsJson(
          res,
          deps,
          ids.slice((page - 1) * perPage, page * perPage).flatMap((id) => cards.get(id) ?? []),
        ),
      );
    }),
  );

  // An organization's project changes, newest first (oldest first with GitHub's order=asc), for
  // its owners (and site administrators).
  router.get('/orgs/:org/audit-log', requireUser, async (req, res) => {
    const org = await deps.repositories.accountByLogin(String(req.params.org));
    const caller = accessCallerOf(res)!;
    if (!org || org.type !== 'Organization') return sendNotFound(res);
    const membership = await deps.organizations.membership(org.id, caller.userId);
    if (!caller.siteAdmin && membership?.role !== 'admin') return sendGithubError(res, 403, 'Must be an organization owner.');
    const phrase = parseAuditPhrase(typeof req.query.phrase === 'string' ? req.query.phrase : '');
    if (phrase.invalid !== undefined)
      return sendGithubError(res, 422, `Validation Failed: ${phrase.invalid} is not a date or a range of dates`, {
        errors: [{ resource: 'AuditLog', field: 'phrase', code: 'invalid' }],
      });
    const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
    const order = lastQueryValue(req.query.order) === 'asc' ? 'asc' : 'desc';
    const log = await deps.auditLog.page({ kind: 'organization', id: org.id }, phrase, { page, perPage }, { org: org.login, org_id: org.id }, order);
    setLinkHeader(req, res, { page, perPage, totalCount: log.totalCount });
    // An owner may not read every repository whose issues the organization's boards hold (a
    // token without repo, a repository transferred away): as in a project's history, those
    // cards' content is redacted.
    res.json(await withUnreadableContentRedacted(res, deps, log.entries));
  });
}
