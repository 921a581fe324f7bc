import type { Container } from 'inversify';
import { IssueAccess } from '../../../application/issues/issueAccess.js';
import { IssueCommentsHandler } from '../../../application/issues/issueComments.handler.js';
import { IssueFields } from '../../../application/issues/issueFields.js';
import { IssueLabelsHandler } from '../../../application/issues/issueLabels.handler.js';
import { IssueAssigneesHandler } from '../../../application/issues/issueAssignees.handler.js';
import { IssueList } from '../../../application/issues/issueList.query.js';
import { IssueQueries } from '../../../application/issues/issue.queries.js';
import { LabelResolver } from '../../../application/issues/labelResolver.js';
import { LabelsHandler } from '../../../application/issues/labels.handler.js';
import { LockIssueHandler } from '../../../application/issues/lockIssue.handler.js';
import { MilestoneNumberAllocator } from '../../../application/issues/milestoneNumberAllocator.js';
import { MilestonesHandler } from '../../../application/issues/milestones.handler.js';
import { OpenIssueHandler } from '../../../application/issues/openIssue.handler.js';
import { ReactionsHandler } from '../../../application/issues/reactions.handler.js';
import { RemovedCollaboratorAssignments } from '../../../application/issues/removedCollaboratorAssignments.js';
import { UpdateIssueHandler } from '../../../application/issues/updateIssue.handler.js';

// The issues area's application services (issues, comments, labels, milestones, reactions).
export function bindIssues(container: Container): void {
  for (const service of [
    IssueQueries,
    IssueList,
    IssueAccess,
    IssueFields,
    LabelResolver,
    MilestoneNumberAllocator,
    OpenIssueHandler,
    UpdateIssueHandler,
    LockIssueHandler,
    IssueLabelsHandler,
    IssueAssigneesHandler,
    IssueCommentsHandler,
    LabelsHandler,
    MilestonesHandler,
    ReactionsHandler,
    RemovedCollaboratorAssignments,
  ]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
