import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { mergeRefusal, pullRequestDecider, pullRequestStream } from '../../domain/pulls/pullRequest.decider.js';
import type { MergeMethod } from '../../domain/pulls/pullRequest.events.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { MergeCommits } from './mergeCommits.js';
import { MergedBaseBranch } from './mergedBaseBranch.js';
import { MergedHeadBranch } from './mergedHeadBranch.js';
import { PullRequestPairs } from './pullRequestPairs.js';
import { BranchTipClaims } from '../repositories/branchTipClaims.js';
import { PullRequestGit } from './pullRequestGit.js';
import { PullRequestQueries } from './pullRequest.queries.js';

export interface MergePullRequestInput {
  readonly commitTitle?: string;
  readonly commitMessage?: string;
  readonly sha?: string;
  readonly mergeMethod: MergeMethod;
}

// PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge, for those who may push. The merge
// commit is written (unreachable), the base branch's tip is claimed in the log (of two
// merges onto one base, one claim wins: the other is told the base was modified), the
// merge is recorded (the fact), then git is made to agree and the pair is released; the
// pull-requests process manager finishes both after a crash.
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
    @inject(BranchTipClaims) private readonly claims: BranchTipClaims,
    @inject(MergedBaseBranch) private readonly baseBranch: MergedBaseBranch,
    @inject(PullRequestPairs) private readonly pairs: PullRequestPairs,
    @inject(MergedHeadBranch) private readonly headBranch: MergedHeadBranch,
  ) {}

  async execute(
    caller: NonNullable<AccessCaller>,
    repositoryId: number,
    number: number,
    input: MergePullRequestInput,
    context: CommandContext,
  ): Promise<Either<AppError, { sha: string }>> {
    const repository = await this.repositories.byId(repositoryId);
    if (!repository) return left({ _tag: 'RepositoryNotFound' });
    const pusher = await this.access.authorize(caller, repository, REPOSITORY_OPERATIONS.write);
    if (isLeft(pusher)) return pusher;
    const pull = await this.pulls.byNumber(repositoryId, number);
    if (!pull) return left({ _tag: 'PullRequestNotFound' });
    const stream = pullRequestStream(pull.id);
    const state = await foldStream(this.eventStore, pullRequestDecider, pullRequestStream(pull.id));
    if (state.status === 'absent') return left({ _tag: 'PullRequestNotFound' });
    const headSha = await this.git.branchTip(pull.head.repository_id, pull.head.ref);
    const baseRef = `refs/heads/${state.base.ref}`;
    // The claim stream's revision before the tip: a claim made after this read conflicts.
    const claimRevision = await this.claims.revision(repositoryId, baseRef);
    const baseSha = await this.git.branchTip(repositoryId, state.base.ref);
    // A deleted head or base branch leaves nothing to merge.
    if (headSha === null || baseSha === null) return left({ _tag: 'PullRequestNotMergeable' });
    const refusal = mergeRefusal({ expectedHeadSha: input.sha ?? null, headSha }, state);
    if (refusal) return left(refusal);
    await this.git.bringHead(repositoryId, { repositoryId: pull.head.repository_id, ref: pull.head.ref, sha: headSha }, number);
    const written = await this.merges.write({
      caller,
      pull,
      headSha,
      baseSha,
      method: input.mergeMethod,
      commitTitle: input.commitTitle,
      commitMessage: input.commitMessage,
      at: context.occurredAt,
    });
    if (isLeft(written)) return written;
    const mergeCommitSha = written.right;
    const pushed = await this.merges.pushed(repositoryId, input.mergeMethod, baseSha, mergeCommitSha);
    const claim = { repositoryId, ref: baseRef, from: baseSha, to: mergeCommitSha, pullRequestId: pull.id };
    const claimed = await this.claims.claim(claim, claimRevision, context);
    if (claimed === null) return left({ _tag: 'PullRequestBaseModified' });
    const outcome = await handleCommand(
      this.eventStore,
      pullRequestDecider,
      stream,
      {
        type: 'MergePullRequest',
        mergedBy: caller.userId,
        mergeMethod: input.mergeMethod,
        expectedHeadSha: input.sha ?? null,
        headSha,
        baseSha,
        mergeCommitSha,
        pushed,
        now: context.occurredAt,
      },
      context,
    );
    // Refused (closed, or its head moved, meanwhile): the claim is moved back; git never moved.
    if (isLeft(outcome)) {
      await this.claims.withdraw(claim, claimed, context);
      return outcome;
    }
    await this.baseBranch.makeAgree({ repositoryId, baseRef, baseSha, mergeCommitSha });
    await this.pairs.release({ repositoryId, base: state.base.ref, headRepositoryId: state.head.repositoryId, headRef: state.head.ref }, pull.id, context);
    await this.readYourWrites.settle(outcome.right.position);
    await this.headBranch.deleteIfAsked(caller, { repositoryId, headRepositoryId: state.head.repositoryId, headRef: state.head.ref, headSha }, context);
    return right({ sha: mergeCommitSha });
  }
}
