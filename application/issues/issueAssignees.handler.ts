import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS } from './issueAccess.js';
import { IssueFields } from './issueFields.js';
import { decideOnIssue } from './issueSide.js';

export interface IssueAssigneesChange {
  readonly kind: 'add' | 'remove';
  readonly logins: readonly string[];
}

// POST and DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees, on an issue or a pull
// request: triagers add people with push access (anyone else is refused, as PATCH does) or
// remove whoever is named; the decider adds to and removes from the assignees the issue has
// when it decides.
@injectable()
export class IssueAssigneesHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
    @inject(IssueFields) private readonly fields: IssueFields,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async execute(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    change: IssueAssigneesChange,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const scope = await this.access.issue(caller, repositoryId, number, ISSUE_OPERATIONS.manage);
    if (isLeft(scope)) return scope;
    const { issue, repository } = scope.right;
    const ids = change.kind === 'add' ? await this.fields.assigneeIds(repository, change.logins) : right(await this.idsOf(change.logins));
    if (isLeft(ids)) return ids;
    const type = change.kind === 'add' ? 'AddIssueAssignees' : 'RemoveIssueAssignees';
    const outcome = await decideOnIssue(this.eventStore, issue, { type, issueId: issue.id, assigneeIds: ids.right, now: context.occurredAt }, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }

  // Whoever is named, assignable or not any more (a login no account has is left out).
  private async idsOf(logins: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const login of new Set(logins)) {
      const account = await this.repositories.accountByLogin(login);
      if (account) ids.push(account.id);
    }
    return ids;
  }
}
