import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { atLeast, REPOSITORY_OPERATIONS, type RepositoryOperation, type RepositoryPermission } from '../../domain/shared/access.js';
import { AuthorizedRepository } from '../repositories/authorizedRepository.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { AppError } from '../shared/appError.js';
import { IssueQueries } from './issue.queries.js';
import type { IssueCommentDocument, IssueDocument } from './issues.readModel.js';

// What each issues operation needs from THE access model (domain/shared/access.ts). GitHub
// lets anyone who can read a repository open issues, comment and react; triagers apply
// labels, assignees and milestones, close others' issues and lock conversations; pushers
// manage the labels and milestones themselves and edit others' comments.
export const ISSUE_OPERATIONS = {
  participate: { needs: 'read', changesContent: true },
  manage: REPOSITORY_OPERATIONS.triage,
  moderate: REPOSITORY_OPERATIONS.write,
} as const satisfies Record<string, RepositoryOperation>;

export interface IssueScope {
  readonly repository: RepositoryDocument;
  readonly role: RepositoryPermission;
}

export const mayManage = (role: RepositoryPermission): boolean => atLeast(role, ISSUE_OPERATIONS.manage.needs);
export const mayModerate = (role: RepositoryPermission): boolean => atLeast(role, ISSUE_OPERATIONS.moderate.needs);

@injectable()
export class IssueAccess {
  constructor(
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(IssueQueries) private readonly issues: IssueQueries,
  ) {}

  // In GitHub's order: 404 for whoever may not read, 410 when issues are disabled (for the
  // issues endpoints only: labels and milestones stay), then the operation's 403s.
  async repository(caller: AccessCaller, repositoryId: number, operation: RepositoryOperation, needsIssues = true): Promise<Either<AppError, IssueScope>> {
    const readable = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.read);
    if (isLeft(readable)) return readable;
    if (needsIssues && !readable.right.repository.has_issues) return left({ _tag: 'IssuesDisabled' });
    const role = await this.access.authorize(caller, readable.right.repository, operation);
    if (isLeft(role)) return role;
    return right({ repository: readable.right.repository, role: role.right });
  }

  // An issue or a pull request by its number: GitHub takes every issues operation on a pull
  // request too (every pull request is an issue), issues enabled or not: its comments,
  // reactions and lock, its labels, assignees and milestone, and PATCH (whose title, body and
  // state go to the pull request: UpdateIssueHandler).
  async issue(
    caller: AccessCaller,
    repositoryId: number,
    number: number,
    operation: RepositoryOperation,
  ): Promise<Either<AppError, IssueScope & { issue: IssueDocument }>> {
    const scope = await this.repository(caller, repositoryId, operation, false);
    if (isLeft(scope)) return scope;
    const issue = await this.issues.issueByNumber(repositoryId, number);
    if (issue?.pull_request === undefined && !scope.right.repository.has_issues) return left({ _tag: 'IssuesDisabled' });
    return issue ? right({ ...scope.right, issue }) : left({ _tag: 'IssueNotFound' });
  }

  async comment(
    caller: AccessCaller,
    repositoryId: number,
    commentId: number,
    operation: RepositoryOperation,
  ): Promise<Either<AppError, IssueScope & { comment: IssueCommentDocument; issue: IssueDocument }>> {
    const scope = await this.repository(caller, repositoryId, operation, false);
    if (isLeft(scope)) return scope;
    const comment = await this.issues.comment(commentId);
    const issue = comment && comment.repository_id === repositoryId ? await this.issues.issueById(comment.issue_id) : null;
    // A pull request's conversation comments stay when issues are disabled, as on GitHub.
    if (issue?.pull_request === undefined && !scope.right.repository.has_issues) return left({ _tag: 'IssuesDisabled' });
    return comment && issue ? right({ ...scope.right, comment, issue }) : left({ _tag: 'IssueCommentNotFound' });
  }
}
