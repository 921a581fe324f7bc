import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { ReactionTarget } from '../../../application/issues/reactions.handler.js';
import { isReactionContent, type ReactionSubject } from '../../../domain/issues/reaction.decider.js';
import { requireUser } from '../shared/authentication.js';
import { urlsOf } from '../shared/apiUrls.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { ReactionBody } from './issues.codecs.js';
import type { IssuesDeps } from './issues.deps.js';
import { reactionJson } from './issues.encoders.js';
import { queryValue } from './issueListParams.js';
import { pathNumber } from '../shared/pathParams.js';

// The two subjects GitHub reacts to here, each with its route prefix and its target.
const SUBJECTS = [
  {
    prefix: '/repos/:owner/:repo/issues/comments/:comment_id/reactions',
    target: (req: Request): ReactionTarget | null => idTarget(pathNumber(req.params.comment_id)),
  },
  {
    prefix: '/repos/:owner/:repo/issues/:issue_number/reactions',
    target: (req: Request): ReactionTarget | null => numberTarget(pathNumber(req.params.issue_number)),
  },
] as const;

const idTarget = (commentId: number | null): ReactionTarget | null => (commentId === null ? null : { type: 'issue_comment', commentId });
const numberTarget = (number: number | null): ReactionTarget | null => (number === null ? null : { type: 'issue', number });

// The subject as the read model has it, within the repository of the request.
async function subjectOf(res: Response, deps: IssuesDeps, target: ReactionTarget | null): Promise<ReactionSubject | null> {
  const repositoryId = repositoryScopeOf(res).repository.id;
  if (target === null) return null;
  if (target.type === 'issue') {
    const issue = await deps.issues.issueByNumber(repositoryId, target.number);
    return issue ? { type: 'issue', id: issue.id } : null;
  }
  const comment = await deps.issues.comment(target.commentId);
  return comment && comment.repository_id === repositoryId ? { type: 'issue_comment', id: comment.id } : null;
}

async function sendReaction(res: Response, deps: IssuesDeps, reactionId: number, status: number): Promise<void> {
  const reaction = await deps.issues.reaction(reactionId);
  if (!reaction) return sendNotFound(res);
  const users = await deps.repositories.accountsByIds([reaction.user_id]);
  res.status(status).json(reactionJson(reaction, users.get(reaction.user_id), urlsOf(res)));
}

export function reactionRoutes(router: Router, deps: IssuesDeps): void {
  for (const { prefix, target } of SUBJECTS) {
    router.get(prefix, async (req: Request, res: Response) => {
      const subject = await subjectOf(res, deps, target(req));
      if (!subject) return sendNotFound(res);
      const content = queryValue(req.query, 'content');
      const page = parsePagination(req.query);
      const listed = await deps.issues.pagedReactions(subject, content !== undefined && isReactionContent(content) ? content : undefined, page);
      setLinkHeader(req, res, { ...page, totalCount: listed.totalCount });
      const users = await deps.repositories.accountsByIds(listed.items.map((reaction) => reaction.user_id));
      res.json(listed.items.map((reaction) => reactionJson(reaction, users.get(reaction.user_id), urlsOf(res))));
    });

    router.post(prefix, requireUser, async (req: Request, res: Response) => {
      const reactionTarget = target(req);
      if (reactionTarget === null) return sendNotFound(res);
      const body = decodeInput(ReactionBody, bodyOrEmpty(req.body), 'Reaction');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const added = await deps.reactions.add(
        accessCallerOf(res)!,
        repositoryScopeOf(res).repository.id,
        reactionTarget,
        body.right.content,
        commandContext(req, res, deps.clock.now()),
      );
      if (isLeft(added)) return sendAppError(res, added.left);
      await sendReaction(res, deps, added.right.reactionId, added.right.created ? 201 : 200);
    });

    router.delete(`${prefix}/:reaction_id`, requireUser, async (req: Request, res: Response) => {
      const reactionTarget = target(req);
      const subject = await subjectOf(res, deps, reactionTarget);
      const reactionId = pathNumber(req.params.reaction_id);
      const reaction = reactionId === null ? null : await deps.issues.reaction(reactionId);
      if (!subject || !reactionTarget || !reaction || reaction.subject_type !== subject.type || reaction.subject_id !== subject.id) return sendNotFound(res);
      const removed = await deps.reactions.remove(
        accessCallerOf(res)!,
        repositoryScopeOf(res).repository.id,
        reactionTarget,
        { id: reaction.id, userId: reaction.user_id },
        commandContext(req, res, deps.clock.now()),
      );
      if (isLeft(removed)) return sendAppError(res, removed.left);
      res.status(204).end();
    });
  }
}
