import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { CommentBody } from './issues.codecs.js';
import type { IssuesDeps } from './issues.deps.js';
import { commentOrderOf, sinceOf } from './issueListParams.js';
import { commentsJson } from './issueResponses.js';
import { pathNumber } from '../shared/pathParams.js';

async function sendComment(res: Response, deps: IssuesDeps, commentId: number, status: number): Promise<void> {
  const comment = await deps.issues.comment(commentId);
  if (!comment || comment.repository_id !== repositoryScopeOf(res).repository.id) return sendNotFound(res);
  const [json] = await commentsJson(res, deps, [comment]);
  res.status(status).json(json);
}

// Registered before the /issues/{issue_number} routes: "comments" is not an issue number.
export function issueCommentRoutes(router: Router, deps: IssuesDeps): void {
  router.get('/repos/:owner/:repo/issues/comments', async (req: Request, res: Response) => {
    const page = parsePagination(req.query);
    const { by, direction } = commentOrderOf(req.query);
    const listed = await deps.issues.pagedComments({ repository_id: repositoryScopeOf(res).repository.id }, sinceOf(req.query), direction, page, by);
    setLinkHeader(req, res, { ...page, totalCount: listed.totalCount });
    res.json(await commentsJson(res, deps, listed.items));
  });

  router.get('/repos/:owner/:repo/issues/comments/:comment_id', async (req: Request, res: Response) => {
    const commentId = pathNumber(req.params.comment_id);
    if (commentId === null) return sendNotFound(res);
    await sendComment(res, deps, commentId, 200);
  });

  router.patch('/repos/:owner/:repo/issues/comments/:comment_id', requireUser, async (req: Request, res: Response) => {
    const commentId = pathNumber(req.params.comment_id);
    if (commentId === null) return sendNotFound(res);
    const body = decodeInput(CommentBody, bodyOrEmpty(req.body), 'IssueComment');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const edited = await deps.comments.edit(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      commentId,
      body.right.body,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(edited)) return sendAppError(res, edited.left);
    await sendComment(res, deps, commentId, 200);
  });

  router.delete('/repos/:owner/:repo/issues/comments/:comment_id', requireUser, async (req: Request, res: Response) => {
    const commentId = pathNumber(req.params.comment_id);
    if (commentId === null) return sendNotFound(res);
    const deleted = await deps.comments.delete(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      commentId,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });

  router.get('/repos/:owner/:repo/issues/:issue_number/comments', async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    const issue = number === null ? null : await deps.issues.issueByNumber(repositoryScopeOf(res).repository.id, number);
    if (!issue) return sendNotFound(res);
    const page = parsePagination(req.query);
    const listed = await deps.issues.pagedComments({ issue_id: issue.id }, sinceOf(req.query), 'asc', page);
    setLinkHeader(req, res, { ...page, totalCount: listed.totalCount });
    res.json(await commentsJson(res, deps, listed.items));
  });

  router.post('/repos/:owner/:repo/issues/:issue_number/comments', requireUser, async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    if (number === null) return sendNotFound(res);
    const body = decodeInput(CommentBody, bodyOrEmpty(req.body), 'IssueComment');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const created = await deps.comments.create(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository.id,
      number,
      body.right.body,
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(created)) return sendAppError(res, created.left);
    await sendComment(res, deps, created.right.commentId, 201);
  });
}
