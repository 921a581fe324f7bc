import {
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  MILESTONES_COLLECTION,
  REACTIONS_COLLECTION,
  REPOSITORY_ISSUE_COUNTS_COLLECTION,
  type IssueCommentDocument,
  type IssueDocument,
  type MilestoneDocument,
  type ReactionCounts,
  type ReactionDocument,
  type RepositoryIssueCountDocument,
} from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { REACTION_CONTENTS, type ReactionSubject } from '../../domain/issues/reaction.decider.js';

// Every counter is recounted from the documents it counts, never incremented: an event
// applied twice leaves the same numbers.
export const issues = (target: ProjectionTarget) => target.collection<IssueDocument>(ISSUES_COLLECTION);
export const comments = (target: ProjectionTarget) => target.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION);
export const milestones = (target: ProjectionTarget) => target.collection<MilestoneDocument>(MILESTONES_COLLECTION);
export const reactions = (target: ProjectionTarget) => target.collection<ReactionDocument>(REACTIONS_COLLECTION);

export function emptyReactionCounts(): ReactionCounts {
  const counts = { total_count: 0 } as ReactionCounts;
  for (const content of REACTION_CONTENTS) counts[content] = 0;
  return counts;
}

export async function reactionCountsOf(subject: ReactionSubject, target: ProjectionTarget): Promise<ReactionCounts> {
  const counts = emptyReactionCounts();
  for (const reaction of await reactions(target).find({ subject_type: subject.type, subject_id: subject.id })) {
    counts[reaction.content] += 1;
    counts.total_count += 1;
  }
  return counts;
}

export async function recountReactions(subject: ReactionSubject, target: ProjectionTarget): Promise<void> {
  const collection = subject.type === 'issue' ? issues(target) : comments(target);
  await collection.updateOne({ _id: String(subject.id) }, { $set: { reactions: await reactionCountsOf(subject, target) } });
}

export async function recountComments(issueId: number, target: ProjectionTarget): Promise<void> {
  await issues(target).updateOne({ _id: String(issueId) }, { $set: { comments: await comments(target).count({ issue_id: issueId }) } });
}

export async function recountMilestone(milestoneId: number | null, target: ProjectionTarget): Promise<void> {
  if (milestoneId === null) return;
  await milestones(target).updateOne(
    { _id: String(milestoneId) },
    {
      $set: {
        open_issues: await issues(target).count({ milestone_id: milestoneId, state: 'open' }),
        closed_issues: await issues(target).count({ milestone_id: milestoneId, state: 'closed' }),
      },
    },
  );
}

export async function recountOpenIssues(repositoryId: number, target: ProjectionTarget): Promise<void> {
  const document: RepositoryIssueCountDocument = {
    _id: String(repositoryId),
    repository_id: repositoryId,
    open_issues_count: await issues(target).count({ repository_id: repositoryId, state: 'open' }),
  };
  await target.collection<RepositoryIssueCountDocument>(REPOSITORY_ISSUE_COUNTS_COLLECTION).replaceOne({ _id: document._id }, document, { upsert: true });
}
