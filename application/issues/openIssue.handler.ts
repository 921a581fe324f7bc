import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { issueDecider } from '../../domain/issues/issue.decider.js';
import { issueStream } from '../../domain/issues/issue.events.js';
import { validTitle } from '../../domain/issues/issueTitle.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { IssueNumberAllocator } from '../shared/issueNumberAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS, mayManage } from './issueAccess.js';
import { IssueFields } from './issueFields.js';
import { LabelResolver } from './labelResolver.js';

export interface OpenIssueInput {
  readonly title: string;
  readonly body?: string | null;
  readonly labels?: readonly string[];
  readonly assignees?: readonly string[];
  readonly milestone?: number | null;
}

// POST /repos/{owner}/{repo}/issues: anyone who can read may open an issue; labels,
// assignees and milestone are silently dropped when the author may not set them, as on GitHub.
@injectable()
export class OpenIssueHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.IssueNumberAllocator) private readonly numbers: IssueNumberAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
    @inject(IssueFields) private readonly fields: IssueFields,
    @inject(LabelResolver) private readonly labels: LabelResolver,
  ) {}

  async execute(caller: SignedInCaller, repositoryId: number, input: OpenIssueInput, context: CommandContext): Promise<Either<AppError, { number: number }>> {
    const scope = await this.access.repository(caller, repositoryId, ISSUE_OPERATIONS.participate);
    if (isLeft(scope)) return scope;
    // Checked before a number is drawn, so refused input leaves no gap in the sequence.
    const title = validTitle(input.title);
    if (isLeft(title)) return title;
    const manages = mayManage(scope.right.role);
    const assigneeIds = manages ? await this.fields.assigneeIds(scope.right.repository, input.assignees ?? []) : right([]);
    if (isLeft(assigneeIds)) return assigneeIds;
    const milestoneId = manages ? await this.fields.milestoneId(repositoryId, input.milestone ?? null) : right(null);
    if (isLeft(milestoneId)) return milestoneId;
    const labelIds = manages ? await this.labels.idsFor(repositoryId, input.labels ?? [], context) : right([]);
    if (isLeft(labelIds)) return labelIds;
    const issueId = await this.ids.next('issue');
    const number = await this.numbers.next(repositoryId);
    const opened = await handleCommand(
      this.eventStore,
      issueDecider,
      issueStream(issueId),
      {
        type: 'OpenIssue',
        issueId,
        repositoryId,
        number,
        authorId: caller.userId,
        title: input.title,
        body: input.body ?? null,
        labelIds: labelIds.right,
        assigneeIds: assigneeIds.right,
        milestoneId: milestoneId.right,
        now: context.occurredAt,
      },
      context,
    );
    if (isLeft(opened)) return opened;
    await this.readYourWrites.settle(opened.right.position);
    return right({ number });
  }
}
