import type { Container } from 'inversify';
import { EditPullRequestHandler } from '../../../application/pulls/editPullRequest.handler.js';
import { PullRequestMergeability } from '../../../application/pulls/mergeability.js';
import { MergePullRequestHandler } from '../../../application/pulls/mergePullRequest.handler.js';
import { OpenPullRequestHandler } from '../../../application/pulls/openPullRequest.handler.js';
import { PullRequestQueries } from '../../../application/pulls/pullRequest.queries.js';
import { PullRequestViews } from '../../../application/pulls/pullRequestViews.query.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { EmbeddedRepositories } from '../../../application/shared/access/embeddedRepositories.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';

// What the pulls routes use, taken from the container once.
export function pullsDeps(container: Container) {
  return {
    clock: container.get<Clock>(TOKENS.Clock),
    repositories: container.get(RepositoryQueries),
    pulls: container.get(PullRequestQueries),
    views: container.get(PullRequestViews),
    embedded: container.get(EmbeddedRepositories),
    openPullRequest: container.get(OpenPullRequestHandler),
    editPullRequest: container.get(EditPullRequestHandler),
    mergePullRequest: container.get(MergePullRequestHandler),
    mergeability: container.get(PullRequestMergeability),
  };
}

export type PullsDeps = ReturnType<typeof pullsDeps>;
