import type { RequestHandler } from 'express';
import type { Container } from 'inversify';
import { activityAtomRouter, activityFeedsRouter, activityRepositoryRouter } from './activity/activity.router.js';
import { accountsRouter } from './accounts/accounts.router.js';
import { authorizationsRouter } from './authorizations/authorizations.router.js';
import { gitdataRouter } from './gitdata/gitdata.router.js';
import { issuesRouter } from './issues/issues.router.js';
import { projectsRouter } from './projects/projects.router.js';
import { pullsRouter } from './pulls/pulls.router.js';
import { repositoriesRouter } from './repositories/repositories.router.js';
import { migrationsRouter } from './migrations/migrations.router.js';
import { importsRouter } from './imports/imports.router.js';
import { searchRouter } from './search/search.router.js';
import { webhooksRouter } from './webhooks/webhooks.router.js';

// The routes polled far more than anything else is read (the activity feeds outside /repos):
// run straight after the cross-cutting middleware, before express's router (app.ts).
export const POLLED_ROUTERS: readonly ((container: Container) => RequestHandler)[] = [activityFeedsRouter];

// Every other area's router, in the order express's router tries them: a new area adds one
// line. The repositories router comes before the areas under /repos/{owner}/{repo}, whose
// scope it resolves, hides and redirects for them.
export const AREA_ROUTERS: readonly ((container: Container) => RequestHandler)[] = [
  accountsRouter,
  repositoriesRouter,
  pullsRouter,
  issuesRouter,
  authorizationsRouter,
  gitdataRouter,
  projectsRouter,
  webhooksRouter,
  importsRouter,
  migrationsRouter,
  searchRouter,
  activityRepositoryRouter,
  activityAtomRouter,
];
