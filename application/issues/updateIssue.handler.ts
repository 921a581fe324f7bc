import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { issueDecider, type ChangeIssueFields, type UpdateIssue } from '../../domain/issues/issue.decider.js';
import { issueStream, type IssueStateReason } from '../../domain/issues/issue.events.js';
import { EditPullRequestHandler } from '../pulls/editPullRequest.handler.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS, mayManage } from './issueAccess.js';
import { IssueFields } from './issueFields.js';
import { decideOnIssue } from './issueSide.js';
import type { IssueDocument } from './issues.readModel.js';
import { LabelResolver } from './labelResolver.js';
import type { OpenIssueInput } from './openIssue.handler.js';

export interface UpdateIssueInput extends Partial<OpenIssueInput> {
  readonly state?: 'open' | 'closed';
  readonly stateReason?: IssueStateReason | null;
}

type FieldValues = Pick<ChangeIssueFields, 'labelIds' | 'assigneeIds' | 'milestoneId'>;

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
    @inject(EditPullRequestHandler) private readonly pulls: EditPullRequestHandler,
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
    const fields = manages ? await this.fieldValues(repository, input, context) : right({});
    if (isLeft(fields)) return fields;
    if (issue.pull_request !== undefined) return this.updatePullRequest(caller, issue, input, fields.right, context);
    const command: UpdateIssue = {
      type: 'UpdateIssue',
      issueId: issue.id,
      actorId: caller.userId,
      title: input.title,
      body: input.body,
      state: input.state,
      stateReason: input.stateReason,
      ...fields.right,
      now: context.occurredAt,
    };
    // Taking turns with the issue's other commands (decideOnIssue).
    const stream = issueStream(issue.id);
    const updated = await inTurn(this.eventStore, stream, () => handleCommand(this.eventStore, issueDecider, stream, command, context));
    if (isLeft(updated)) return updated;
    await this.readYourWrites.settle(updated.right.position);
    return right(undefined);
  }

  // What the body asks of labels, assignees and milestone, as ids; undefined for what it leaves.
  private async fieldValues(repository: RepositoryDocument, input: UpdateIssueInput, context: CommandContext): Promise<Either<AppError, FieldValues>> {
    const assigneeIds = input.assignees === undefined ? right(undefined) : await this.fields.assigneeIds(repository, input.assignees);
    if (isLeft(assigneeIds)) return assigneeIds;
    const milestoneId = input.milestone === undefined ? right(undefined) : await this.fields.milestoneId(repository.id, input.milestone);
    if (isLeft(milestoneId)) return milestoneId;
    const labelIds = input.labels === undefined ? right(undefined) : await this.labels.idsFor(repository.id, input.labels, context);
    if (isLeft(labelIds)) return labelIds;
    return right({ assigneeIds: assigneeIds.right, milestoneId: milestoneId.right, labelIds: labelIds.right });
  }

  // A pull request through the issues API, as GitHub takes it: its title, body and state are
  // the pull request's (as PATCH .../pulls/{n} changes them: its author or a pusher; a merged
  // one is not reopened), its labels, assignees and milestone its issue side's.
  private async updatePullRequest(
    caller: SignedInCaller,
    issue: IssueDocument,
    input: UpdateIssueInput,
    fields: FieldValues,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const { title, body, state } = input;
    if (title !== undefined || body !== undefined || state !== undefined) {
      const edited = await this.pulls.execute(caller, issue.repository_id, issue.number, { title, body, state }, context);
      if (isLeft(edited)) return edited;
    }
    const changed = await decideOnIssue(this.eventStore, issue, { type: 'ChangeIssueFields', issueId: issue.id, ...fields, now: context.occurredAt }, context);
    if (isLeft(changed)) return changed;
    await this.readYourWrites.settle(changed.right.position);
    return right(undefined);
  }
}
