import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { CreateIssueBody, LockIssueBody, UpdateIssueBody, labelNames } from './issues.codecs.js';
import type { IssuesDeps } from './issues.deps.js';
import { issueListParams } from './issueListParams.js';
import { issuesJson, pathsOf, sendIssue } from './issueResponses.js';
import { pathNumber } from '../shared/pathParams.js';

// The deprecated single `assignee` stands for a one-person `assignees` when that is absent.
function assigneesOf(body: { assignees?: readonly string[]; assignee?: string | null }): readonly string[] | undefined {
  if (body.assignees !== undefined) return body.assignees;
  if (body.assignee === undefined) return undefined;
  return body.assignee === null ? [] : [body.assignee];
}

export function issueRoutes(router: Router, deps: IssuesDeps): void {
  router.get('/repos/:owner/:repo/issues', async (req: Request, res: Response) => {
    const page = parsePagination(req.query);
    const listed = await deps.issueList.list(repositoryScopeOf(res).repository.id, issueListParams(req.query), page);
    setLinkHeader(req, res, { ...page, totalCount: listed.totalCount });
    res.json(await issuesJson(res, deps, listed.items));
  });

  router.post('/repos/:owner/:repo/issues', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(CreateIssueBody, bodyOrEmpty(req.body), 'Issue');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { title, body: text, labels, milestone } = body.right;
    const input = { title, body: text, labels: labels && labelNames(labels), assignees: assigneesOf(body.right), milestone };
    const opened = await deps.openIssue.execute(accessCallerOf(res)!, repositoryScopeOf(res).repository.id, input, commandContext(req, res, deps.clock.now()));
    if (isLeft(opened)) return sendAppError(res, opened.left);
    res.location(pathsOf(res).urls.api(`/repos/${pathsOf(res).fullName}/issues/${opened.right.number}`));
    await sendIssue(res, deps, opened.right.number, 201);
  });

  router.get('/repos/:owner/:repo/issues/:issue_number', async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    if (number === null) return sendNotFound(res);
    await sendIssue(res, deps, number, 200);
  });

  router.patch('/repos/:owner/:repo/issues/:issue_number', requireUser, async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    if (number === null) return sendNotFound(res);
    const body = decodeInput(UpdateIssueBody, bodyOrEmpty(req.body), 'Issue');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { title, body: text, labels, milestone, state, state_reason: stateReason } = body.right;
    const input = { title, body: text, labels: labels && labelNames(labels), assignees: assigneesOf(body.right), milestone, state, stateReason };
    const updated = await deps.updateIssue.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      input,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(updated)) return sendAppError(res, updated.left);
    await sendIssue(res, deps, number, 200);
  });

  router.put('/repos/:owner/:repo/issues/:issue_number/lock', requireUser, async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    if (number === null) return sendNotFound(res);
    const body = decodeInput(LockIssueBody, bodyOrEmpty(req.body), 'Issue');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const lock = { lockReason: body.right.lock_reason ?? null };
    const locked = await deps.lockIssue.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      lock,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(locked)) return sendAppError(res, locked.left);
    res.status(204).end();
  });

  router.delete('/repos/:owner/:repo/issues/:issue_number/lock', requireUser, async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    if (number === null) return sendNotFound(res);
    const unlocked = await deps.lockIssue.execute(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      null,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(unlocked)) return sendAppError(res, unlocked.left);
    res.status(204).end();
  });
}
