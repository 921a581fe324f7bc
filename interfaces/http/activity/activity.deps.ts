import type { Container } from 'inversify';
import { ActivityFeeds } from '../../../application/activity/activityFeeds.query.js';
import { ActivityReadiness } from '../../../application/activity/activityReadiness.query.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';

export interface ActivityDeps {
  readonly feeds: ActivityFeeds;
  readonly readiness: ActivityReadiness;
  readonly repositories: RepositoryQueries;
  readonly organizations: OrganizationQueries;
  readonly access: RepositoryAccessQuery;
  // The event loop's recent utilization, 0 to 1 (pollInterval.ts).
  readonly load: () => number;
}

export function activityDeps(container: Container, load: () => number): ActivityDeps {
  return {
    feeds: container.get(ActivityFeeds),
    readiness: container.get(ActivityReadiness),
    repositories: container.get(RepositoryQueries),
    organizations: container.get(OrganizationQueries),
    access: container.get(RepositoryAccessQuery),
    load,
  };
}
