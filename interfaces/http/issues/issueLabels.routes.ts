import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { IssueLabelChange } from '../../../application/issues/issueLabels.handler.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { IssueLabelsBody, labelNames } from './issues.codecs.js';
import type { IssuesDeps } from './issues.deps.js';
import { labelJson } from './issues.encoders.js';
import { pathsOf } from './issueResponses.js';
import { pathNumber } from '../shared/pathParams.js';

// Every change answers the issue's labels as they now are (DELETE of all of them: 204).
async function sendIssueLabels(res: Response, deps: IssuesDeps, number: number): Promise<void> {
  const issue = await deps.issues.issueByNumber(repositoryScopeOf(res).repository.id, number);
  if (!issue) return sendNotFound(res);
  res.json((await deps.issues.labelsByIds(issue.label_ids)).map((label) => labelJson(label, pathsOf(res))));
}

async function change(req: Request, res: Response, deps: IssuesDeps, labelChange: IssueLabelChange | null): Promise<number | null> {
  const number = pathNumber(req.params.issue_number);
  if (number === null || labelChange === null) {
    if (number === null) sendNotFound(res);
    return null;
  }
  const changed = await deps.issueLabels.execute(
    accessCallerOf(res)!,
    repositoryScopeOf(res).repository.id,
    number,
    labelChange,
    commandContext(req, res, deps.clock.now()),
  );
  if (isLeft(changed)) {
    sendAppError(res, changed.left);
    return null;
  }
  return number;
}

function namesIn(req: Request, res: Response): string[] | null {
  const body = decodeInput(IssueLabelsBody, bodyOrEmpty(req.body), 'Label');
  if (isLeft(body)) {
    sendValidationFailed(res, body.left);
    return null;
  }
  return labelNames(Array.isArray(body.right) ? body.right : body.right.labels);
}

export function issueLabelRoutes(router: Router, deps: IssuesDeps): void {
  router.get('/repos/:owner/:repo/issues/:issue_number/labels', async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    if (number === null) return sendNotFound(res);
    await sendIssueLabels(res, deps, number);
  });

  for (const [method, kind] of [
    ['post', 'add'],
    ['put', 'set'],
  ] as const) {
    router[method]('/repos/:owner/:repo/issues/:issue_number/labels', requireUser, async (req: Request, res: Response) => {
      const names = namesIn(req, res);
      if (names === null) return;
      const number = await change(req, res, deps, { kind, names });
      if (number !== null) await sendIssueLabels(res, deps, number);
    });
  }

  router.delete('/repos/:owner/:repo/issues/:issue_number/labels', requireUser, async (req: Request, res: Response) => {
    if ((await change(req, res, deps, { kind: 'clear' })) !== null) res.status(204).end();
  });

  router.delete('/repos/:owner/:repo/issues/:issue_number/labels/:name', requireUser, async (req: Request, res: Response) => {
    const number = await change(req, res, deps, { kind: 'remove', name: String(req.params.name) });
    if (number !== null) await sendIssueLabels(res, deps, number);
  });
}
