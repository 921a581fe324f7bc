import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { ON_THE_FLY_LABEL_COLOR } from '../../../application/issues/labelResolver.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { CreateLabelBody, UpdateLabelBody } from './issues.codecs.js';
import type { IssuesDeps } from './issues.deps.js';
import { labelJson } from './issues.encoders.js';
import { pathsOf } from './issueResponses.js';

async function sendLabel(res: Response, deps: IssuesDeps, name: string, status: number): Promise<void> {
  const label = await deps.issues.labelByName(repositoryScopeOf(res).repository.id, name);
  if (!label) return sendNotFound(res);
  res.status(status).json(labelJson(label, pathsOf(res)));
}

// A repository's labels; they stay available when issues are disabled, as on GitHub.
export function labelRoutes(router: Router, deps: IssuesDeps): void {
  router.get('/repos/:owner/:repo/labels', async (req: Request, res: Response) => {
    const page = parsePagination(req.query);
    const listed = await deps.issues.pagedLabels(repositoryScopeOf(res).repository.id, page);
    setLinkHeader(req, res, { ...page, totalCount: listed.totalCount });
    res.json(listed.items.map((label) => labelJson(label, pathsOf(res))));
  });

  router.post('/repos/:owner/:repo/labels', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(CreateLabelBody, bodyOrEmpty(req.body), 'Label');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const facts = { name: body.right.name, color: body.right.color ?? ON_THE_FLY_LABEL_COLOR, description: body.right.description ?? null };
    const created = await deps.labels.create(accessCallerOf(res)!, repositoryScopeOf(res).repository.id, facts, commandContext(req, res, deps.clock.now()));
    if (isLeft(created)) return sendAppError(res, created.left);
    await sendLabel(res, deps, facts.name, 201);
  });

  router.get('/repos/:owner/:repo/labels/:name', async (req: Request, res: Response) => {
    await sendLabel(res, deps, String(req.params.name), 200);
  });

  router.patch('/repos/:owner/:repo/labels/:name', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(UpdateLabelBody, bodyOrEmpty(req.body), 'Label');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { new_name: name, color, description } = body.right;
    const changes = {
      ...(name === undefined ? {} : { name }),
      ...(color === undefined ? {} : { color }),
      ...(description === undefined ? {} : { description }),
    };
    const updated = await deps.labels.update(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      String(req.params.name),
      changes,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(updated)) return sendAppError(res, updated.left);
    await sendLabel(res, deps, name ?? String(req.params.name), 200);
  });

  router.delete('/repos/:owner/:repo/labels/:name', requireUser, async (req: Request, res: Response) => {
    const deleted = await deps.labels.delete(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      String(req.params.name),
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });
}
