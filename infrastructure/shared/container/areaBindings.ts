import type { Container } from 'inversify';
import { bindActivity } from './activity.bindings.js';
import { bindAccounts } from './accounts.bindings.js';
import { bindAuthorizations } from './authorizations.bindings.js';
import { bindGitdata } from './gitdata.bindings.js';
import { bindIssues } from './issues.bindings.js';
import { bindProjects } from './projects.bindings.js';
import { bindPulls } from './pulls.bindings.js';
import { bindRepositories } from './repositories.bindings.js';
import { bindMigrations } from './migrations.bindings.js';
import { bindImports } from './imports.bindings.js';
import { bindSearch } from './search.bindings.js';
import { bindWebhooks } from './webhooks.bindings.js';

// Every area's container bindings, in order (repositories binds GitStorage, which pulls
// uses): a new area adds one line.
export const AREA_BINDINGS: readonly ((container: Container) => void)[] = [
  bindAccounts,
  bindRepositories,
  bindPulls,
  bindIssues,
  bindAuthorizations,
  bindGitdata,
  bindActivity,
  bindProjects,
  bindWebhooks,
  bindImports,
  bindMigrations,
  bindSearch,
];
