import type { Container } from 'inversify';
import { EditPullRequestHandler } from '../../../application/pulls/editPullRequest.handler.js';
import { MergeCommits } from '../../../application/pulls/mergeCommits.js';
import { MergePullRequestHandler } from '../../../application/pulls/mergePullRequest.handler.js';
import { OpenPullRequestHandler } from '../../../application/pulls/openPullRequest.handler.js';
import { PullRequestGit } from '../../../application/pulls/pullRequestGit.js';
import { PullRequestHead } from '../../../application/pulls/pullRequestHead.js';
import { PullRequestPairs } from '../../../application/pulls/pullRequestPairs.js';
import { PullRequestMergeability } from '../../../application/pulls/mergeability.js';
import { MergedBaseBranch } from '../../../application/pulls/mergedBaseBranch.js';
import { MergedHeadBranch } from '../../../application/pulls/mergedHeadBranch.js';
import { BranchTipClaims } from '../../../application/repositories/branchTipClaims.js';
import { PullRequestQueries } from '../../../application/pulls/pullRequest.queries.js';
import { PullRequestViews } from '../../../application/pulls/pullRequestViews.query.js';

// The pulls area's application services; GitStorage and the repositories services are bound
// by the repositories bindings, which run first.
export function bindPulls(container: Container): void {
  for (const service of [
    PullRequestQueries,
    PullRequestGit,
    PullRequestHead,
    PullRequestPairs,
    PullRequestMergeability,
    MergedBaseBranch,
    MergedHeadBranch,
    BranchTipClaims,
    PullRequestViews,
    MergeCommits,
    OpenPullRequestHandler,
    EditPullRequestHandler,
    MergePullRequestHandler,
  ]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
