import { inject, injectable } from 'inversify';
import { isRight, left, right, type Either } from 'fp-ts/lib/Either.js';
import { issueValidation } from '../../domain/issues/issues.errors.js';
import { atLeast } from '../../domain/shared/access.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { AppError } from '../shared/appError.js';
import { IssueQueries } from './issue.queries.js';

// Turns the names an issue body carries (assignee logins, a milestone number) into ids.
@injectable()
export class IssueFields {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(IssueQueries) private readonly issues: IssueQueries,
  ) {}

  // GitHub assigns only people with push access to the repository; anyone else is refused.
  async assigneeIds(repository: RepositoryDocument, logins: readonly string[]): Promise<Either<AppError, number[]>> {
    const ids: number[] = [];
    for (const login of new Set(logins)) {
      const user = await this.repositories.accountByLogin(login);
      const role = user && user.type === 'User' ? await this.access.grantedRoleFor({ userId: user.id, siteAdmin: user.site_admin }, repository) : 'none';
      if (!user || !atLeast(role, 'write')) return left(issueValidation('Issue', 'assignees', 'invalid', `${login} is not a valid assignee`));
      ids.push(user.id);
    }
    return right([...new Set(ids)]);
  }

  // GET .../assignees/{assignee}: a user with push access to the repository.
  async isAssignable(repository: RepositoryDocument, login: string): Promise<boolean> {
    return isRight(await this.assigneeIds(repository, [login]));
  }

  async milestoneId(repositoryId: number, number: number | null): Promise<Either<AppError, number | null>> {
    if (number === null) return right(null);
    const milestone = await this.issues.milestoneByNumber(repositoryId, number);
    return milestone ? right(milestone.id) : left(issueValidation('Issue', 'milestone', 'invalid'));
  }
}
