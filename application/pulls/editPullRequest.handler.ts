import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { pullRequestDecider, pullRequestStream } from '../../domain/pulls/pullRequest.decider.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { OPEN_PULL_REQUEST } from './openPullRequest.handler.js';
import { PullRequestGit } from './pullRequestGit.js';
import { PullRequestPairs } from './pullRequestPairs.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import type { PullRequestPair } from '../../domain/pulls/pullRequestPair.decider.js';
import { PullRequestQueries } from './pullRequest.queries.js';
import type { PullRequestDocument } from './pullRequests.readModel.js';

export interface EditPullRequestInput {
  readonly title?: string;
  readonly body?: string | null;
  readonly state?: 'open' | 'closed';
  readonly base?: string;
  readonly maintainerCanModify?: boolean;
}

// PATCH /repos/{owner}/{repo}/pulls/{pull_number}: its author, or anyone who may push (a
// triager may close and reopen it).
@injectable()
export class EditPullRequestHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(PullRequestGit) private readonly git: PullRequestGit,
    @inject(PullRequestQueries) private readonly pulls: PullRequestQueries,
    @inject(PullRequestPairs) private readonly pairs: PullRequestPairs,
  ) {}

  async execute(
    caller: NonNullable<AccessCaller>,
    repositoryId: number,
    number: number,
    input: EditPullRequestInput,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const repository = await this.repositories.byId(repositoryId);
    if (!repository) return left({ _tag: 'RepositoryNotFound' });
    const readable = await this.access.authorize(caller, repository, OPEN_PULL_REQUEST);
    if (isLeft(readable)) return readable;
    const pull = await this.pulls.byNumber(repositoryId, number);
    if (!pull) return left({ _tag: 'PullRequestNotFound' });
    if (pull.user_id !== caller.userId) {
      // GitHub's triage role closes and reopens anyone's pull request; changing one takes push.
      const onlyState = input.title === undefined && input.body === undefined && input.base === undefined && input.maintainerCanModify === undefined;
      const allowed = await this.access.authorize(caller, repository, onlyState ? REPOSITORY_OPERATIONS.triage : REPOSITORY_OPERATIONS.write);
      if (isLeft(allowed)) return allowed;
    }
    let base: { ref: string; sha: string } | undefined;
    if (input.base !== undefined && input.base !== pull.base.ref) {
      const sha = await this.git.branchTip(repositoryId, input.base);
      if (sha === null) return left({ _tag: 'PullRequestBranchNotFound', field: 'base', branch: input.base });
      base = { ref: input.base, sha };
    }
    return this.edit(pull, base, input, context);
  }

  // A pull request open after the edit holds its pair (reserved first, so reopening or
  // re-basing cannot race another pull request for that pair); a pair it held before and
  // holds no longer (closed, re-based) is released after the edit.
  private async edit(
    pull: PullRequestDocument,
    base: { ref: string; sha: string } | undefined,
    input: EditPullRequestInput,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const repositoryId = pull.repository_id;
    const headOwner = (await this.repositories.byId(pull.head.repository_id))?.owner_id;
    const headLogin = headOwner === undefined ? undefined : (await this.repositories.accountsByIds([headOwner])).get(headOwner)?.login;
    const headLabel = `${headLogin ?? 'unknown'}:${pull.head.ref}`;
    const pairOn = (branch: string): PullRequestPair => ({ repositoryId, base: branch, headRepositoryId: pull.head.repository_id, headRef: pull.head.ref });
    const openBefore = pull.state === 'open';
    const openAfter = input.state === undefined ? openBefore : input.state === 'open' && pull.merged_at === null;
    const before = pairOn(pull.base.ref);
    const after = pairOn(base?.ref ?? pull.base.ref);
    const reserving = openAfter && (!openBefore || after.base !== before.base);
    if (reserving) {
      const reserved = await this.pairs.reserve(after, pull.id, headLabel, context);
      if (isLeft(reserved)) return reserved;
    }
    const outcome = await releasedUnlessTakenUp(
      () => this.append(pull, base, input, headLabel, context),
      () => (reserving ? this.pairs.release(after, pull.id, context) : Promise.resolve()),
    );
    if (isLeft(outcome)) return outcome;
    if (openBefore && (!openAfter || after.base !== before.base)) await this.pairs.release(before, pull.id, context);
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }

  private async append(
    pull: PullRequestDocument,
    base: { ref: string; sha: string } | undefined,
    input: EditPullRequestInput,
    headLabel: string,
    context: CommandContext,
  ) {
    const repositoryId = pull.repository_id;
    // A closed pull request keeps its head as it is now (a fork's brought into the base
    // repository, so its numbers can still be worked out there).
    const closing = input.state === 'closed' && pull.state === 'open';
    const headSha = closing ? (await this.git.currentTips(pull)).headSha : undefined;
    // The read model still answers for pull requests opened before pairs were reserved in the log.
    const openDuplicateExists = await this.pulls.openBetween(repositoryId, base?.ref ?? pull.base.ref, pull.head.repository_id, pull.head.ref, pull.id);
    return handleCommand(
      this.eventStore,
      pullRequestDecider,
      pullRequestStream(pull.id),
      {
        type: 'EditPullRequest',
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.maintainerCanModify !== undefined ? { maintainerCanModify: input.maintainerCanModify } : {}),
        ...(input.state !== undefined ? { state: input.state } : {}),
        ...(base ? { base } : {}),
        ...(headSha !== undefined ? { headSha } : {}),
        headLabel,
        openDuplicateExists,
        now: context.occurredAt,
      },
      context,
    );
  }
}
