import type { Container } from 'inversify';
import { ActivityFeeds } from '../../../application/activity/activityFeeds.query.js';
import { ActivityReadiness } from '../../../application/activity/activityReadiness.query.js';
import { PullRequestNumbers } from '../../../application/activity/pullRequestNumbers.query.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { ServerLoad } from '../../../application/shared/ports/serverLoad.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import type { ProjectionRunner } from '../../../application/shared/projections/projectionRunner.js';
import { FeedPageCache } from './feedPageCache.js';

export interface ActivityDeps {
  readonly feeds: ActivityFeeds;
  readonly readiness: ActivityReadiness;
  readonly numbers: PullRequestNumbers;
  readonly repositories: RepositoryQueries;
  readonly organizations: OrganizationQueries;
  readonly access: RepositoryAccessQuery;
  readonly load: ServerLoad;
  readonly clock: Clock;
  readonly cache: FeedPageCache;
}

export function activityDeps(container: Container): ActivityDeps {
  const runner = container.get<ProjectionRunner>(TOKENS.ProjectionRunner);
  return {
    feeds: container.get(ActivityFeeds),
    readiness: container.get(ActivityReadiness),
    numbers: container.get(PullRequestNumbers),
    repositories: container.get(RepositoryQueries),
    organizations: container.get(OrganizationQueries),
    access: container.get(RepositoryAccessQuery),
    load: container.get<ServerLoad>(TOKENS.ServerLoad),
    clock: container.get<Clock>(TOKENS.Clock),
    cache: new FeedPageCache(() => runner.appliedStamp()),
  };
}
