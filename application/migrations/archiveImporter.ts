import { inject, injectable } from 'inversify';
import { CreateOrganizationHandler } from '../accounts/createOrganization.handler.js';
import { CreateUserHandler } from '../accounts/createUser.handler.js';
import { SetOrganizationMembershipHandler } from '../accounts/setOrganizationMembership.handler.js';
import { ImportedHistory } from '../imports/importedHistory.js';
import { IssueCommentsHandler } from '../issues/issueComments.handler.js';
import { ReactionsHandler } from '../issues/reactions.handler.js';
import { IssueQueries } from '../issues/issue.queries.js';
import { OrganizationQueries } from '../accounts/organization.queries.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { LabelsHandler } from '../issues/labels.handler.js';
import { MilestonesHandler } from '../issues/milestones.handler.js';
import { OpenIssueHandler } from '../issues/openIssue.handler.js';
import { UpdateIssueHandler } from '../issues/updateIssue.handler.js';
import { ProjectCommands } from '../projects/projectCommands.handler.js';
import { EditPullRequestHandler } from '../pulls/editPullRequest.handler.js';
import { OpenPullRequestHandler } from '../pulls/openPullRequest.handler.js';
import { CreateRepositoryHandler } from '../repositories/createRepository.handler.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { Clock } from '../shared/ports/clock.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { inTurn } from '../shared/streamTurns.js';
import type { ArchiveReaders } from './migrationArchive.ports.js';
import { ArchiveImport } from './archiveImport.js';
import type { ArchiveImportReport, ImportParts } from './archiveImportParts.js';

// The turn key of archive imports: no stream has this name.
const ARCHIVE_IMPORTS_TURN = 'archive-imports';

export type { ArchiveImportReport } from './archiveImportParts.js';

// Restores a migration archive (forgelog's, or GitHub's as far as its records go) into this
// server: users matched by login or created, organizations, repositories with every ref and
// SHA, labels, milestones, issues and pull requests with their numbers, comments and projects,
// each made by the command an API request would run, acting as the record's author at the
// record's time (a site administrator's rights, so every author may write what they wrote).
@injectable()
export class ArchiveImporter {
  private readonly parts: ImportParts;

  constructor(
    @inject(TOKENS.ArchiveReaders) private readonly readers: ArchiveReaders,
    @inject(TOKENS.Clock) clock: Clock,
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadModelStore) store: ReadModelStore,
    @inject(RepositoryQueries) repositories: RepositoryQueries,
    @inject(OrganizationQueries) organizations: OrganizationQueries,
    @inject(IssueQueries) issues: IssueQueries,
    @inject(CreateUserHandler) createUser: CreateUserHandler,
    @inject(CreateOrganizationHandler) createOrganization: CreateOrganizationHandler,
    @inject(SetOrganizationMembershipHandler) setMembership: SetOrganizationMembershipHandler,
    @inject(CreateRepositoryHandler) createRepository: CreateRepositoryHandler,
    @inject(ImportedHistory) history: ImportedHistory,
    @inject(LabelsHandler) labels: LabelsHandler,
    @inject(MilestonesHandler) milestones: MilestonesHandler,
    @inject(OpenIssueHandler) openIssue: OpenIssueHandler,
    @inject(UpdateIssueHandler) updateIssue: UpdateIssueHandler,
    @inject(OpenPullRequestHandler) openPull: OpenPullRequestHandler,
    @inject(EditPullRequestHandler) editPull: EditPullRequestHandler,
    @inject(IssueCommentsHandler) comments: IssueCommentsHandler,
    @inject(ReactionsHandler) reactions: ReactionsHandler,
    @inject(ProjectCommands) projects: ProjectCommands,
  ) {
    this.parts = {
      clock,
      store,
      repositories,
      organizations,
      issues,
      createUser,
      createOrganization,
      setMembership,
      createRepository,
      history,
      labels,
      milestones,
      openIssue,
      updateIssue,
      openPull,
      editPull,
      comments,
      reactions,
      projects,
    };
  }

  // Imports take turns within a process: each reads what is here (an account, a repository) and
  // makes what is not, so one archive imported four times at once raced, and an import whose
  // user another had just reserved found neither the user nor its name free. In turns, the
  // later ones find what the first made; an import in another process that makes something
  // meanwhile is still met (ArchiveImport takes a name taken meanwhile for "already here").
  async import(file: string): Promise<ArchiveImportReport> {
    return inTurn(this.eventStore, ARCHIVE_IMPORTS_TURN, async () => {
      const archive = await this.readers.open(file);
      try {
        return await new ArchiveImport(this.parts, archive).run();
      } finally {
        await archive.close();
      }
    });
  }
}
