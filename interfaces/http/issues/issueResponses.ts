import type { Response } from 'express';
import type { IssueCommentDocument, IssueDocument, MilestoneDocument } from '../../../application/issues/issues.readModel.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import { urlsOf } from '../shared/apiUrls.js';
import { sendNotFound } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import type { IssuesDeps } from './issues.deps.js';
import { issueCommentJson, keptIssueJson, milestoneJson, type AuthorAssociation, type RepositoryPaths } from './issues.encoders.js';

export function pathsOf(res: Response): RepositoryPaths {
  const { owner, repository } = repositoryScopeOf(res);
  return { fullName: `${owner.login}/${repository.name}`, urls: urlsOf(res) };
}

// GitHub's author_association (AuthorAssociations: one rule with pull requests), decided for
// the page's authors only, as the caller may see them.
async function associations(
  res: Response,
  deps: IssuesDeps,
  repository: RepositoryDocument,
  authorIds: readonly number[],
): Promise<(userId: number) => AuthorAssociation> {
  const associationOf = await deps.associations.of(
    accessCallerOf(res),
    authorIds.map((userId) => ({ repository, userId })),
  );
  return (userId) => associationOf(repository, userId);
}

export async function issuesJson(res: Response, deps: IssuesDeps, issues: readonly IssueDocument[]) {
  const { repository } = repositoryScopeOf(res);
  const milestones = new Map<number, MilestoneDocument>();
  for (const id of new Set(issues.flatMap((issue) => (issue.milestone_id === null ? [] : [issue.milestone_id])))) {
    const milestone = await deps.issues.milestoneById(id);
    if (milestone) milestones.set(id, milestone);
  }
  const userIds = issues.flatMap((issue) => [issue.user_id, ...issue.assignee_ids, ...(issue.closed_by_id === null ? [] : [issue.closed_by_id])]);
  const users = await deps.repositories.accountsByIds([...userIds, ...[...milestones.values()].map((milestone) => milestone.creator_id)]);
  const labels = new Map((await deps.issues.labelsByIds([...new Set(issues.flatMap((issue) => issue.label_ids))])).map((label) => [label.id, label]));
  const association = await associations(
    res,
    deps,
    repository,
    issues.map((issue) => issue.user_id),
  );
  const paths = pathsOf(res);
  return issues.map((issue) =>
    keptIssueJson(
      issue,
      {
        users,
        labels: issue.label_ids.flatMap((id) => labels.get(id) ?? []),
        milestone: issue.milestone_id === null ? null : (milestones.get(issue.milestone_id) ?? null),
        association: association(issue.user_id),
      },
      paths,
    ),
  );
}

export async function sendIssue(res: Response, deps: IssuesDeps, number: number, status: number): Promise<void> {
  const issue = await deps.issues.issueByNumber(repositoryScopeOf(res).repository.id, number);
  if (!issue) return sendNotFound(res);
  const [json] = await issuesJson(res, deps, [issue]);
  res.status(status).json(json);
}

export async function commentsJson(res: Response, deps: IssuesDeps, comments: readonly IssueCommentDocument[]) {
  const { repository } = repositoryScopeOf(res);
  const users = await deps.repositories.accountsByIds(comments.map((comment) => comment.user_id));
  const issues = new Map<number, { number: number; pullRequest: boolean }>();
  for (const issueId of new Set(comments.map((comment) => comment.issue_id))) {
    const issue = await deps.issues.issueById(issueId);
    issues.set(issueId, { number: issue?.number ?? 0, pullRequest: issue?.pull_request !== undefined });
  }
  const association = await associations(
    res,
    deps,
    repository,
    comments.map((comment) => comment.user_id),
  );
  const paths = pathsOf(res);
  return comments.map((comment) => issueCommentJson(comment, issues.get(comment.issue_id)!, users.get(comment.user_id), association(comment.user_id), paths));
}

export async function milestonesJson(res: Response, deps: IssuesDeps, milestones: readonly MilestoneDocument[]) {
  const users = await deps.repositories.accountsByIds(milestones.map((milestone) => milestone.creator_id));
  const paths = pathsOf(res);
  return milestones.map((milestone) => milestoneJson(milestone, users.get(milestone.creator_id), paths));
}

// Path numbers and ids: digits only, anything else names nothing (404).
