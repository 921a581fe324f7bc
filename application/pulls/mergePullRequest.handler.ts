import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { mergeRefusal, pullRequestDecider, pullRequestStream } from '../../domain/pulls/pullRequest.decider.js';
import type { PullRequestEvent, MergeMethod } from '../../domain/pulls/pullRequest.events.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import { RepositoryQueries } from '../repositories/repositoryQueries.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { MergeCommits } from './mergeCommits.js';
import { PullRequestGit } from './pullRequestGit.js';
import { PullRequestQueries } from './pullRequestQueries.js';

export interface MergePullRequestInput {
  readonly commitTitle?: string;
  readonly commitMessage?: string;
  readonly sha?: string;
  readonly mergeMethod: MergeMethod;
}

// PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge, for those who may push. git's branch
// moves first, by compare-and-swap (so two merges onto the same base cannot both win), then
// the event records it; if the event is refused the branch is moved back the same way.
@injectable()
export class MergePullRequestHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(PullRequestGit) private readonly git: PullRequestGit,
    @inject(PullRequestQueries) private readonly pulls: PullRequestQueries,
    @inject(MergeCommits) private readonly merges: MergeCommits,
  ) {}

  async execute(caller: NonNullable<AccessCaller>, repositoryId: number, number: number, input: MergePullRequestInput, context: CommandContext): Promise<Either<AppError, { sha: string }>> {
    const repository = await this.repositories.byId(repositoryId);
    if (!repository) return left({ _tag: 'RepositoryNotFound' });
    const pusher = await this.access.authorize(caller, repository, REPOSITORY_OPERATIONS.write);
    if (isLeft(pusher)) return pusher;
    const pull = await this.pulls.byNumber(repositoryId, number);
    if (!pull) return left({ _tag: 'PullRequestNotFound' });
    const stream = pullRequestStream(pull.id);
    const history = await this.eventStore.readStream(stream);
    const state = history.map((stored) => ({ type: stored.type, data: stored.data }) as PullRequestEvent).reduce(pullRequestDecider.evolve, pullRequestDecider.initialState());
    if (state.status === 'absent') return left({ _tag: 'PullRequestNotFound' });
    const headSha = await this.git.branchTip(pull.head.repository_id, pull.head.ref);
    const baseRef = `refs/heads/${state.base.ref}`;
    const baseSha = await this.git.branchTip(repositoryId, state.base.ref);
    // A deleted head or base branch leaves nothing to merge.
    if (headSha === null || baseSha === null) return left({ _tag: 'PullRequestNotMergeable' });
    const refusal = mergeRefusal({ expectedHeadSha: input.sha ?? null, headSha }, state);
    if (refusal) return left(refusal);
    await this.git.bringHead(repositoryId, { repositoryId: pull.head.repository_id, ref: pull.head.ref, sha: headSha }, number);
    const written = await this.merges.write({ caller, pull, headSha, baseSha, method: input.mergeMethod, commitTitle: input.commitTitle, commitMessage: input.commitMessage, at: context.occurredAt });
    if (isLeft(written)) return written;
    const mergeCommitSha = written.right;
    if (!(await this.merges.moveBranch(repositoryId, baseRef, mergeCommitSha, baseSha))) return left({ _tag: 'PullRequestBaseModified' });
    const outcome = await handleCommand(this.eventStore, pullRequestDecider, stream, {
      type: 'MergePullRequest',
      mergedBy: caller.userId,
      mergeMethod: input.mergeMethod,
      expectedHeadSha: input.sha ?? null,
      headSha,
      baseSha,
      mergeCommitSha,
      now: context.occurredAt,
    }, context);
    if (isLeft(outcome)) {
      await this.merges.moveBranch(repositoryId, baseRef, baseSha, mergeCommitSha);
      return outcome;
    }
    await this.readYourWrites.settle(outcome.right.position);
    return right({ sha: mergeCommitSha });
  }
}
