import type { CreateOrganizationHandler } from '../accounts/createOrganization.handler.js';
import type { CreateUserHandler } from '../accounts/createUser.handler.js';
import type { OrganizationQueries } from '../accounts/organization.queries.js';
import type { SetOrganizationMembershipHandler } from '../accounts/setOrganizationMembership.handler.js';
import type { ImportedHistory } from '../imports/importedHistory.js';
import type { IssueCommentsHandler } from '../issues/issueComments.handler.js';
import type { ReactionsHandler } from '../issues/reactions.handler.js';
import type { IssueQueries } from '../issues/issue.queries.js';
import type { LabelsHandler } from '../issues/labels.handler.js';
import type { MilestonesHandler } from '../issues/milestones.handler.js';
import type { OpenIssueHandler } from '../issues/openIssue.handler.js';
import type { UpdateIssueHandler } from '../issues/updateIssue.handler.js';
import type { ProjectCommands } from '../projects/projectCommands.handler.js';
import type { EditPullRequestHandler } from '../pulls/editPullRequest.handler.js';
import type { OpenPullRequestHandler } from '../pulls/openPullRequest.handler.js';
import type { CreateRepositoryHandler } from '../repositories/createRepository.handler.js';
import type { RepositoryQueries } from '../repositories/repository.queries.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';

// What a restore of a migration archive answers, and what it drives (archiveImport.ts).
export interface ArchiveImportReport {
  readonly users: { readonly matched: number; readonly created: number };
  readonly organizations: number;
  readonly repositories: readonly string[];
  readonly issues: number;
  readonly pullRequests: number;
  readonly comments: number;
  readonly milestones: number;
  readonly projects: number;
  // What could not be carried over, in words.
  readonly warnings: readonly string[];
}

// The commands and reads an import drives.
export interface ImportParts {
  readonly clock: Clock;
  readonly store: ReadModelStore;
  readonly repositories: RepositoryQueries;
  readonly organizations: OrganizationQueries;
  readonly issues: IssueQueries;
  readonly createUser: CreateUserHandler;
  readonly createOrganization: CreateOrganizationHandler;
  readonly setMembership: SetOrganizationMembershipHandler;
  readonly createRepository: CreateRepositoryHandler;
  readonly history: ImportedHistory;
  readonly labels: LabelsHandler;
  readonly milestones: MilestonesHandler;
  readonly openIssue: OpenIssueHandler;
  readonly updateIssue: UpdateIssueHandler;
  readonly openPull: OpenPullRequestHandler;
  readonly editPull: EditPullRequestHandler;
  readonly comments: IssueCommentsHandler;
  readonly reactions: ReactionsHandler;
  readonly projects: ProjectCommands;
}
