import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { OpenPullRequest } from '../../domain/pulls/pullRequest.commands.js';
import { pullRequestDecider, pullRequestStream } from '../../domain/pulls/pullRequest.decider.js';
import type { RepositoryOperation } from '../../domain/shared/access.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { IssueNumberAllocator } from '../shared/issueNumberAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { PullRequestGit } from './pullRequestGit.js';
import { PullRequestHead } from './pullRequestHead.js';
import { PullRequestPairs } from './pullRequestPairs.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import { PullRequestQueries } from './pullRequest.queries.js';

export interface OpenPullRequestInput {
  readonly title: string;
  readonly head: string;
  readonly base: string;
  readonly body: string | null;
  readonly draft: boolean;
  readonly maintainerCanModify: boolean;
}

// GitHub: anyone who can read a repository may propose changes to it, but not to an archived one.
export const OPEN_PULL_REQUEST: RepositoryOperation = { needs: 'read', changesContent: true };

@injectable()
export class OpenPullRequestHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.IssueNumberAllocator) private readonly numbers: IssueNumberAllocator,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(PullRequestHead) private readonly heads: PullRequestHead,
    @inject(PullRequestGit) private readonly git: PullRequestGit,
    @inject(PullRequestQueries) private readonly pulls: PullRequestQueries,
    @inject(PullRequestPairs) private readonly pairs: PullRequestPairs,
  ) {}

  async execute(
    caller: NonNullable<AccessCaller>,
    repositoryId: number,
    input: OpenPullRequestInput,
    context: CommandContext,
  ): Promise<Either<AppError, { number: number }>> {
    const repository = await this.repositories.byId(repositoryId);
    if (!repository) return left({ _tag: 'RepositoryNotFound' });
    const allowed = await this.access.authorize(caller, repository, OPEN_PULL_REQUEST);
    if (isLeft(allowed)) return allowed;
    const head = await this.heads.resolve(caller, repository, input.head);
    if (isLeft(head)) return head;
    const baseSha = await this.git.branchTip(repositoryId, input.base);
    if (baseSha === null) return left({ _tag: 'PullRequestBranchNotFound', field: 'base', branch: input.base });
    const headSha = await this.git.branchTip(head.right.repository.id, head.right.ref);
    if (headSha === null) return left({ _tag: 'PullRequestBranchNotFound', field: 'head', branch: head.right.ref });
    const headSide = { repositoryId: head.right.repository.id, ref: head.right.ref, sha: headSha };
    return this.open(caller, repositoryId, input, { baseSha, headSha, headSide, label: head.right.label }, context);
  }

  private async open(
    caller: NonNullable<AccessCaller>,
    repositoryId: number,
    input: OpenPullRequestInput,
    { baseSha, headSha, headSide, label }: { baseSha: string; headSha: string; headSide: { repositoryId: number; ref: string; sha: string }; label: string },
    context: CommandContext,
  ): Promise<Either<AppError, { number: number }>> {
    await this.git.bringHead(repositoryId, headSide, null);
    const command: OpenPullRequest = {
      type: 'OpenPullRequest',
      pullRequestId: 0,
      issueId: 0,
      repositoryId,
      number: 0,
      authorId: caller.userId,
      title: input.title,
      body: input.body,
      draft: input.draft,
      maintainerCanModify: input.maintainerCanModify,
      head: headSide,
      base: { repositoryId, ref: input.base, sha: baseSha },
      headLabel: label,
      headName: headSide.repositoryId === repositoryId ? headSide.ref : label,
      historiesShared: await this.git.shareHistory(repositoryId, baseSha, headSha),
      commitsBetween: (await this.git.compare(repositoryId, baseSha, headSha)).commits,
      openDuplicateExists: await this.pulls.openBetween(repositoryId, input.base, headSide.repositoryId, headSide.ref),
      now: context.occurredAt,
    };
    // Decided once before the number is drawn, so a refused pull request spends no number.
    const refusal = pullRequestDecider.decide(command, pullRequestDecider.initialState());
    if (isLeft(refusal)) return refusal;
    // The pair is reserved in the log before the pull request exists: of simultaneous
    // requests, in this process or another, one reservation wins.
    const pullRequestId = await this.ids.next('pull-request');
    // Its issue side has an id of the issues' sequence: the two id spaces overlap.
    const issueId = await this.ids.next('issue');
    const pair = { repositoryId, base: input.base, headRepositoryId: headSide.repositoryId, headRef: headSide.ref };
    const reserved = await this.pairs.reserve(pair, pullRequestId, label, context);
    if (isLeft(reserved)) return reserved;
    let number = 0;
    const outcome = await releasedUnlessTakenUp(
      async () => {
        number = await this.numbers.next(repositoryId);
        return handleCommand(this.eventStore, pullRequestDecider, pullRequestStream(pullRequestId), { ...command, pullRequestId, issueId, number }, context);
      },
      () => this.pairs.release(pair, pullRequestId, context),
    );
    if (isLeft(outcome)) return outcome;
    // After the event (the fact): the commit is already here, the hidden ref only names it.
    await this.git.bringHead(repositoryId, headSide, number);
    await this.readYourWrites.settle(outcome.right.position);
    return right({ number: number });
  }
}
