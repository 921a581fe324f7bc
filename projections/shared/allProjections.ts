import type { Projection } from '../../application/shared/projections/projection.js';
import { usersProjection } from '../accounts/users.projection.js';
import { organizationsProjection } from '../accounts/organizations.projection.js';
import { oauthApplicationsProjection } from '../accounts/oauthApplications.projection.js';
import { repositoriesProjection } from '../repositories/repositories.projection.js';
import { pullRequestsProjection } from '../pulls/pullRequests.projection.js';
import { issuesProjection } from '../issues/issues.projection.js';
import { projectsProjection } from '../projects/projects.projection.js';
import { projectAuditProjection } from '../projects/projectAudit.projection.js';
import { projectTimelineProjection } from '../projects/projectTimeline.projection.js';
import { authorizationTimelineProjection } from '../authorizations/authorizationTimeline.projection.js';
import { webhooksProjection } from '../webhooks/webhooks.projection.js';
import { migrationsProjection } from '../migrations/migrations.projection.js';
import { sourceImportsProjection } from '../imports/sourceImports.projection.js';
import { activityProjection } from '../activity/activity.projection.js';
import { searchProjections } from '../search/searchProjections.js';
import { authorizationsProjection } from '../authorizations/authorizations.projection.js';
import type { ProjectionDependencies } from './projectionDependencies.js';

// Every projection the runner feeds, in the order each event is applied to them.
export const allProjections = (dependencies: ProjectionDependencies): readonly Projection[] => [
  usersProjection,
  organizationsProjection,
  oauthApplicationsProjection,
  repositoriesProjection,
  pullRequestsProjection,
  issuesProjection,
  authorizationsProjection,
  projectsProjection,
  projectAuditProjection,
  webhooksProjection,
  sourceImportsProjection,
  migrationsProjection,
  activityProjection,
  projectTimelineProjection(dependencies),
  authorizationTimelineProjection(dependencies),
  ...searchProjections(dependencies),
];

// The names alone, for a command to check one before it opens anything: listing the projections
// resolves none of their dependencies, so these are never called.
const unresolved = (): never => {
  throw new Error('a projection listed for its name was asked for a dependency');
};
export const projectionNames = (): readonly string[] =>
  allProjections({ git: unresolved, ensureRepositoryGit: unresolved, eventStore: unresolved, projectTimelineFold: unresolved }).map(
    (projection) => projection.name,
  );
