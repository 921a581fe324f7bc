import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { CardPosition, ColumnPosition } from '../../../domain/projects/project.decider.js';
import { requireUser } from '../shared/authentication.js';
import { urlsOf } from '../shared/apiUrls.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { sendObjectValidationFailed, sendProjectAppError, sendSimpleValidationFailed } from './projectValidation.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import { CardMoveBody, ColumnMoveBody, ColumnNameBody, decodeCreateCardBody, UpdateCardBody } from './projects.codecs.js';
import type { ProjectsDeps } from './projects.deps.js';
import { columnJson } from './projects.encoders.js';
import { cardsJson } from './projectResponses.js';
import { archivedStateOf, sendInvalidArchivedState } from './archivedState.js';
import { pathNumber } from '../shared/pathParams.js';

function columnPosition(position: string): ColumnPosition | null {
  if (position === 'first') return { kind: 'first' };
  if (position === 'last') return { kind: 'last' };
  const after = /^after:(\d+)$/.exec(position);
  return after ? { kind: 'after', columnId: Number(after[1]) } : null;
}

function cardPosition(position: string): CardPosition | null {
  if (position === 'top') return { kind: 'top' };
  if (position === 'bottom') return { kind: 'bottom' };
  const after = /^after:(\d+)$/.exec(position);
  return after ? { kind: 'after', cardId: Number(after[1]) } : null;
}

const invalidPosition = (resource: 'ProjectColumn' | 'ProjectCard') => ({ resource, field: 'position', code: 'invalid' }) as const;

async function sendColumn(res: Response, deps: ProjectsDeps, columnId: number, status: number): Promise<void> {
  const column = await deps.projects.column(columnId);
  if (!column) return sendNotFound(res);
  res.status(status).json(columnJson(column, urlsOf(res)));
}

async function sendCard(res: Response, deps: ProjectsDeps, cardId: number, status: number): Promise<void> {
  const card = await deps.projects.card(cardId);
  if (!card) return sendNotFound(res);
  const [json] = await cardsJson(res, deps, [card]);
  res.status(status).json(json);
}

// The column and the caller's read access to its project.
async function readableColumn(res: Response, deps: ProjectsDeps, value: unknown) {
  const columnId = pathNumber(value);
  const column = columnId === null ? null : await deps.projects.column(columnId);
  if (!column) return null;
  const authorized = await deps.access.authorize(accessCallerOf(res), column.project_id, 'read');
  if (isLeft(authorized)) {
    sendAppError(res, authorized.left);
    return undefined;
  }
  return column;
}

export function columnAndCardRoutes(router: Router, deps: ProjectsDeps): void {
  const context = (req: Request, res: Response) => commandContext(req, res, deps.clock.now());

  router.get('/projects/:project_id/columns', async (req, res) => {
    const projectId = pathNumber(req.params.project_id);
    if (projectId === null) return sendNotFound(res);
    const authorized = await deps.access.authorize(accessCallerOf(res), projectId, 'read');
    if (isLeft(authorized)) return sendAppError(res, authorized.left);
    const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
    const ids = authorized.right.project.column_ids;
    setLinkHeader(req, res, { page, perPage, totalCount: ids.length });
    const columns = await deps.projects.columnsByIds(ids.slice((page - 1) * perPage, page * perPage));
    res.json(columns.map((column) => columnJson(column, urlsOf(res))));
  });

  router.post('/projects/:project_id/columns', requireUser, async (req, res) => {
    const projectId = pathNumber(req.params.project_id);
    if (projectId === null) return sendNotFound(res);
    const body = decodeInput(ColumnNameBody, bodyOrEmpty(req.body), 'ProjectColumn');
    if (isLeft(body)) return sendSimpleValidationFailed(res, body.left);
    const created = await deps.commands.createColumn(accessCallerOf(res)!, projectId, body.right.name, context(req, res));
    if (isLeft(created)) return sendProjectAppError(res, created.left, 'simple');
    await sendColumn(res, deps, created.right, 201);
  });

  router.get('/projects/columns/:column_id', async (req, res) => {
    const column = await readableColumn(res, deps, req.params.column_id);
    if (column === null) return sendNotFound(res);
    if (column) res.json(columnJson(column, urlsOf(res)));
  });

  router.patch('/projects/columns/:column_id', requireUser, async (req, res) => {
    const columnId = pathNumber(req.params.column_id);
    if (columnId === null) return sendNotFound(res);
    const body = decodeInput(ColumnNameBody, bodyOrEmpty(req.body), 'ProjectColumn');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const renamed = await deps.commands.renameColumn(accessCallerOf(res)!, columnId, body.right.name, context(req, res));
    if (isLeft(renamed)) return sendAppError(res, renamed.left);
    await sendColumn(res, deps, columnId, 200);
  });

  router.delete('/projects/columns/:column_id', requireUser, async (req, res) => {
    const columnId = pathNumber(req.params.column_id);
    if (columnId === null) return sendNotFound(res);
    const deleted = await deps.commands.deleteColumn(accessCallerOf(res)!, columnId, context(req, res));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });

  router.post('/projects/columns/:column_id/moves', requireUser, async (req, res) => {
    const columnId = pathNumber(req.params.column_id);
    if (columnId === null) return sendNotFound(res);
    const body = decodeInput(ColumnMoveBody, bodyOrEmpty(req.body), 'ProjectColumn');
    if (isLeft(body)) return sendSimpleValidationFailed(res, body.left);
    const position = columnPosition(body.right.position);
    if (!position) return sendSimpleValidationFailed(res, [invalidPosition('ProjectColumn')]);
    const moved = await deps.commands.moveColumn(accessCallerOf(res)!, columnId, position, context(req, res));
    if (isLeft(moved)) return sendProjectAppError(res, moved.left, 'simple');
    res.status(201).json({});
  });

  router.get('/projects/columns/:column_id/cards', async (req, res) => {
    const state = archivedStateOf(req);
    if (state === null) return sendInvalidArchivedState(res);
    const column = await readableColumn(res, deps, req.params.column_id);
    if (column === null) return sendNotFound(res);
    if (!column) return;
    const page = parsePagination(req.query as Record<string, unknown>);
    const cards = await deps.projects.cardsOfColumn(column, state, page);
    setLinkHeader(req, res, { ...page, totalCount: cards.totalCount });
    res.json(await cardsJson(res, deps, cards.items));
  });

  router.post('/projects/columns/:column_id/cards', requireUser, async (req, res) => {
    const columnId = pathNumber(req.params.column_id);
    if (columnId === null) return sendNotFound(res);
    const input = decodeCreateCardBody(bodyOrEmpty(req.body));
    if (isLeft(input)) return sendValidationFailed(res, input.left);
    const created = await deps.commands.createCard(accessCallerOf(res)!, columnId, input.right, context(req, res));
    if (isLeft(created)) return sendAppError(res, created.left);
    await sendCard(res, deps, created.right, 201);
  });

  router.get('/projects/columns/cards/:card_id', async (req, res) => {
    const cardId = pathNumber(req.params.card_id);
    const card = cardId === null ? null : await deps.projects.card(cardId);
    if (!card) return sendNotFound(res);
    const authorized = await deps.access.authorize(accessCallerOf(res), card.project_id, 'read');
    if (isLeft(authorized)) return sendAppError(res, authorized.left);
    await sendCard(res, deps, card.id, 200);
  });

  router.patch('/projects/columns/cards/:card_id', requireUser, async (req, res) => {
    const cardId = pathNumber(req.params.card_id);
    if (cardId === null) return sendNotFound(res);
    const body = decodeInput(UpdateCardBody, bodyOrEmpty(req.body), 'ProjectCard');
    if (isLeft(body)) return sendSimpleValidationFailed(res, body.left);
    const updated = await deps.commands.updateCard(accessCallerOf(res)!, cardId, body.right, context(req, res));
    if (isLeft(updated)) return sendProjectAppError(res, updated.left, 'simple');
    await sendCard(res, deps, cardId, 200);
  });

  router.delete('/projects/columns/cards/:card_id', requireUser, async (req, res) => {
    const cardId = pathNumber(req.params.card_id);
    if (cardId === null) return sendNotFound(res);
    const deleted = await deps.commands.deleteCard(accessCallerOf(res)!, cardId, context(req, res));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });

  router.post('/projects/columns/cards/:card_id/moves', requireUser, async (req, res) => {
    const cardId = pathNumber(req.params.card_id);
    if (cardId === null) return sendNotFound(res);
    const body = decodeInput(CardMoveBody, bodyOrEmpty(req.body), 'ProjectCard');
    if (isLeft(body)) return sendObjectValidationFailed(res, 'ProjectCard', body.left);
    const position = cardPosition(body.right.position);
    if (!position) return sendObjectValidationFailed(res, 'ProjectCard', [invalidPosition('ProjectCard')]);
    const moved = await deps.commands.moveCard(accessCallerOf(res)!, cardId, position, body.right.column_id, context(req, res));
    if (isLeft(moved)) return sendProjectAppError(res, moved.left, { resource: 'ProjectCard' });
    res.status(201).json({});
  });
}
