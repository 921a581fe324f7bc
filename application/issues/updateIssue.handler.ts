import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { issueDecider, type UpdateIssue } from '../../domain/issues/issue.decider.js';
import { issueStream, type IssueStateReason } from '../../domain/issues/issue.events.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS, mayManage } from './issueAccess.js';
import { IssueFields } from './issueFields.js';
import { LabelResolver } from './labelResolver.js';
import type { OpenIssueInput } from './openIssue.handler.js';

export interface UpdateIssueInput extends Partial<OpenIssueInput> {
  readonly state?: 'open' | 'closed';
  readonly stateReason?: IssueStateReason | null;
}

// PATCH /repos/{owner}/{repo}/issues/{issue_number}: its author or a triager; labels,
// assignees and milestone are dropped for whoever may not set them, as on GitHub.
@injectable()
export class UpdateIssueHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
    @inject(IssueFields) private readonly fields: IssueFields,
    @inject(LabelResolver) private readonly labels: LabelResolver,
  ) {}

  async execute(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    input: UpdateIssueInput,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const scope = await this.access.issue(caller, repositoryId, number, ISSUE_OPERATIONS.participate);
    if (isLeft(scope)) return scope;
    const { issue, repository, role } = scope.right;
    const manages = mayManage(role);
    if (!manages && issue.user_id !== caller.userId) return left({ _tag: 'IssueChangeForbidden', resource: 'Issue' });
    let command: UpdateIssue = {
      type: 'UpdateIssue',
      issueId: issue.id,
      actorId: caller.userId,
      title: input.title,
      body: input.body,
      state: input.state,
      stateReason: input.stateReason,
      now: context.occurredAt,
    };
    if (manages) {
      const assigneeIds = input.assignees === undefined ? right(undefined) : await this.fields.assigneeIds(repository, input.assignees);
      if (isLeft(assigneeIds)) return assigneeIds;
      const milestoneId = input.milestone === undefined ? right(undefined) : await this.fields.milestoneId(repositoryId, input.milestone);
      if (isLeft(milestoneId)) return milestoneId;
      const labelIds = input.labels === undefined ? right(undefined) : await this.labels.idsFor(repositoryId, input.labels, context);
      if (isLeft(labelIds)) return labelIds;
      command = { ...command, assigneeIds: assigneeIds.right, milestoneId: milestoneId.right, labelIds: labelIds.right };
    }
    const updated = await handleCommand(this.eventStore, issueDecider, issueStream(issue.id), command, context);
    if (isLeft(updated)) return updated;
    await this.readYourWrites.settle(updated.right.position);
    return right(undefined);
  }
}
