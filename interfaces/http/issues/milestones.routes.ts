import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { MilestoneListFilter } from '../../../application/issues/issue.queries.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import type { ValidationErrorItem } from '../shared/githubError.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { CreateMilestoneBody, UpdateMilestoneBody } from './issues.codecs.js';
import type { IssuesDeps } from './issues.deps.js';
import { directionOf, queryValue } from './issueListParams.js';
import { milestonesJson } from './issueResponses.js';
import { pathNumber } from '../shared/pathParams.js';

async function sendMilestone(res: Response, deps: IssuesDeps, number: number, status: number): Promise<void> {
  const milestone = await deps.issues.milestoneByNumber(repositoryScopeOf(res).repository.id, number);
  if (!milestone) return sendNotFound(res);
  const [json] = await milestonesJson(res, deps, [milestone]);
  res.status(status).json(json);
}

// due_on is an ISO 8601 timestamp (or null to clear it).
function dueOn(value: string | null | undefined): { value: string | null | undefined } | ValidationErrorItem {
  if (value === undefined || value === null) return { value };
  return Number.isNaN(Date.parse(value)) ? { resource: 'Milestone', field: 'due_on', code: 'invalid' } : { value: new Date(value).toISOString() };
}

export function milestoneRoutes(router: Router, deps: IssuesDeps): void {
  router.get('/repos/:owner/:repo/milestones', async (req: Request, res: Response) => {
    const page = parsePagination(req.query);
    const state = queryValue(req.query, 'state');
    const filter: MilestoneListFilter = {
      state: state === 'closed' || state === 'all' ? state : 'open',
      sort: queryValue(req.query, 'sort') === 'completeness' ? ('completeness' as const) : ('due_on' as const),
      direction: directionOf(req.query, 'asc'),
    };
    const listed = await deps.issues.pagedMilestones(repositoryScopeOf(res).repository.id, filter, page);
    setLinkHeader(req, res, { ...page, totalCount: listed.totalCount });
    res.json(await milestonesJson(res, deps, listed.items));
  });

  router.post('/repos/:owner/:repo/milestones', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(CreateMilestoneBody, bodyOrEmpty(req.body), 'Milestone');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const due = dueOn(body.right.due_on);
    if ('code' in due) return sendValidationFailed(res, [due]);
    const facts = { title: body.right.title, description: body.right.description ?? null, state: body.right.state ?? 'open', dueOn: due.value ?? null };
    const created = await deps.milestones.create(accessCallerOf(res)!, repositoryScopeOf(res).repository.id, facts, commandContext(req, res, deps.clock.now()));
    if (isLeft(created)) return sendAppError(res, created.left);
    await sendMilestone(res, deps, created.right.number, 201);
  });

  router.get('/repos/:owner/:repo/milestones/:milestone_number', async (req: Request, res: Response) => {
    const number = pathNumber(req.params.milestone_number);
    if (number === null) return sendNotFound(res);
    await sendMilestone(res, deps, number, 200);
  });

  router.patch('/repos/:owner/:repo/milestones/:milestone_number', requireUser, async (req: Request, res: Response) => {
    const number = pathNumber(req.params.milestone_number);
    if (number === null) return sendNotFound(res);
    const body = decodeInput(UpdateMilestoneBody, bodyOrEmpty(req.body), 'Milestone');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const due = dueOn(body.right.due_on);
    if ('code' in due) return sendValidationFailed(res, [due]);
    const { title, description, state } = body.right;
    const changes = {
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      ...(state === undefined ? {} : { state }),
      ...(due.value === undefined ? {} : { dueOn: due.value }),
    };
    const updated = await deps.milestones.update(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      changes,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(updated)) return sendAppError(res, updated.left);
    await sendMilestone(res, deps, number, 200);
  });

  router.delete('/repos/:owner/:repo/milestones/:milestone_number', requireUser, async (req: Request, res: Response) => {
    const number = pathNumber(req.params.milestone_number);
    if (number === null) return sendNotFound(res);
    const deleted = await deps.milestones.delete(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });
}
