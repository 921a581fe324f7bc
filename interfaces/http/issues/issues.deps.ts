import type { Container } from 'inversify';
import { IssueCommentsHandler } from '../../../application/issues/issueComments.handler.js';
import { IssueLabelsHandler } from '../../../application/issues/issueLabels.handler.js';
import { IssueAssigneesHandler } from '../../../application/issues/issueAssignees.handler.js';
import { IssueFields } from '../../../application/issues/issueFields.js';
import { IssueList } from '../../../application/issues/issueList.query.js';
import { IssueQueries } from '../../../application/issues/issue.queries.js';
import { LabelsHandler } from '../../../application/issues/labels.handler.js';
import { LockIssueHandler } from '../../../application/issues/lockIssue.handler.js';
import { MilestonesHandler } from '../../../application/issues/milestones.handler.js';
import { OpenIssueHandler } from '../../../application/issues/openIssue.handler.js';
import { ReactionsHandler } from '../../../application/issues/reactions.handler.js';
import { UpdateIssueHandler } from '../../../application/issues/updateIssue.handler.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryCollaborators } from '../../../application/repositories/repositoryCollaborators.query.js';
import { AuthorAssociations } from '../../../application/shared/access/authorAssociations.query.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';

// What the issues routes use, taken from the container once.
export function issuesDeps(container: Container) {
  return {
    clock: container.get<Clock>(TOKENS.Clock),
    repositories: container.get(RepositoryQueries),
    issues: container.get(IssueQueries),
    issueList: container.get(IssueList),
    openIssue: container.get(OpenIssueHandler),
    updateIssue: container.get(UpdateIssueHandler),
    lockIssue: container.get(LockIssueHandler),
    issueLabels: container.get(IssueLabelsHandler),
    issueAssignees: container.get(IssueAssigneesHandler),
    issueFields: container.get(IssueFields),
    collaborators: container.get(RepositoryCollaborators),
    comments: container.get(IssueCommentsHandler),
    labels: container.get(LabelsHandler),
    milestones: container.get(MilestonesHandler),
    reactions: container.get(ReactionsHandler),
    associations: container.get(AuthorAssociations),
  };
}

export type IssuesDeps = ReturnType<typeof issuesDeps>;
