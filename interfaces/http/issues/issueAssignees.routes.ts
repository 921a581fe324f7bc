import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { pathNumber } from '../shared/pathParams.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { IssueAssigneesBody } from './issues.codecs.js';
import type { IssuesDeps } from './issues.deps.js';
import { sendIssue } from './issueResponses.js';

// GitHub's assignee routes: add (201) and remove (200) an issue's assignees, answering the
// issue; who can be assigned in the repository (a page of users), and whether one can (204,
// else 404).
export function issueAssigneeRoutes(router: Router, deps: IssuesDeps): void {
  for (const [method, kind, status] of [
    ['post', 'add', 201],
    ['delete', 'remove', 200],
  ] as const) {
    router[method]('/repos/:owner/:repo/issues/:issue_number/assignees', requireUser, async (req: Request, res: Response) => {
      const number = pathNumber(req.params.issue_number);
      if (number === null) return sendNotFound(res);
      const body = decodeInput(IssueAssigneesBody, bodyOrEmpty(req.body), 'Issue');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const change = { kind, logins: body.right.assignees ?? [] };
      const changed = await deps.issueAssignees.execute(
        accessCallerOf(res)!,
        repositoryScopeOf(res).repository.id,
        number,
        change,
        commandContext(req, res, deps.clock.now()),
      );
      if (isLeft(changed)) return sendAppError(res, changed.left);
      await sendIssue(res, deps, number, status);
    });
  }

  const assignable = async (res: Response, login: string): Promise<void> => {
    if (await deps.issueFields.isAssignable(repositoryScopeOf(res).repository, login)) res.status(204).end();
    else sendNotFound(res);
  };

  router.get('/repos/:owner/:repo/assignees', async (req: Request, res: Response) => {
    const page = parsePagination(req.query as Record<string, unknown>);
    const listed = await deps.collaborators.assignable(repositoryScopeOf(res).repository, page);
    setLinkHeader(req, res, { ...page, totalCount: listed.totalCount });
    res.json(listed.items.map((user) => simpleUser(user, urlsOf(res))));
  });

  router.get('/repos/:owner/:repo/assignees/:assignee', async (req: Request, res: Response) => assignable(res, String(req.params.assignee)));

  router.get('/repos/:owner/:repo/issues/:issue_number/assignees/:assignee', async (req: Request, res: Response) => {
    const number = pathNumber(req.params.issue_number);
    if (number === null || !(await deps.issues.issueByNumber(repositoryScopeOf(res).repository.id, number))) return sendNotFound(res);
    await assignable(res, String(req.params.assignee));
  });
}
