import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { IssueFieldCommand } from '../../domain/issues/issue.decider.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { IssueAccess, ISSUE_OPERATIONS } from './issueAccess.js';
import { IssueQueries } from './issue.queries.js';
import { decideOnIssue } from './issueSide.js';
import { LabelResolver } from './labelResolver.js';

export type IssueLabelChange =
  { readonly kind: 'add' | 'set'; readonly names: readonly string[] } | { readonly kind: 'remove'; readonly name: string } | { readonly kind: 'clear' };

// POST, PUT, DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels[/{name}]: triagers, on
// an issue or a pull request. Naming a label the repository lacks creates it, as GitHub does.
@injectable()
export class IssueLabelsHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(IssueAccess) private readonly access: IssueAccess,
    @inject(IssueQueries) private readonly issues: IssueQueries,
    @inject(LabelResolver) private readonly labels: LabelResolver,
  ) {}

  async execute(
    caller: SignedInCaller,
    repositoryId: number,
    number: number,
    change: IssueLabelChange,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const scope = await this.access.issue(caller, repositoryId, number, ISSUE_OPERATIONS.manage);
    if (isLeft(scope)) return scope;
    const command = await this.commandFor(scope.right.issue.id, repositoryId, change, context);
    if (isLeft(command)) return command;
    const outcome = await decideOnIssue(this.eventStore, scope.right.issue, command.right, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }

  private async commandFor(
    issueId: number,
    repositoryId: number,
    change: IssueLabelChange,
    context: CommandContext,
  ): Promise<Either<AppError, IssueFieldCommand>> {
    const now = context.occurredAt;
    if (change.kind === 'clear') return right({ type: 'ChangeIssueFields', issueId, labelIds: [], now });
    if (change.kind === 'remove') {
      const label = await this.issues.labelByName(repositoryId, change.name);
      return label ? right({ type: 'RemoveIssueLabel', issueId, labelId: label.id, now }) : left({ _tag: 'LabelNotFound' });
    }
    const labelIds = await this.labels.idsFor(repositoryId, change.names, context);
    if (isLeft(labelIds)) return labelIds;
    return right(
      change.kind === 'add'
        ? { type: 'AddIssueLabels', issueId, labelIds: labelIds.right, now }
        : { type: 'ChangeIssueFields', issueId, labelIds: labelIds.right, now },
    );
  }
}
