import {
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  MILESTONES_COLLECTION,
  REACTIONS_COLLECTION,
  REPOSITORY_ISSUE_COUNTS_COLLECTION,
  milestoneSortKeys,
  type IssueCommentDocument,
  type IssueDocument,
  type MilestoneDocument,
  type ReactionCounts,
  type ReactionDocument,
  type RepositoryIssueCountDocument,
} from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { REACTION_CONTENTS, type ReactionSubject } from '../../domain/issues/reaction.decider.js';

// Counters are kept by increments, never recounted by scanning (a count would cost time
// proportional to what came before). Each increment rides on a state transition of the
// document it counts, written with a filter on the state it leaves: the write that changes
// the document reports it, and only then is the counter moved. Applying an event a second
// time finds the document already in its new state, changes nothing, and counts nothing.
export const issues = (target: ProjectionTarget) => target.collection<IssueDocument>(ISSUES_COLLECTION);
export const comments = (target: ProjectionTarget) => target.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION);
export const milestones = (target: ProjectionTarget) => target.collection<MilestoneDocument>(MILESTONES_COLLECTION);
export const reactions = (target: ProjectionTarget) => target.collection<ReactionDocument>(REACTIONS_COLLECTION);
const openCounts = (target: ProjectionTarget) => target.collection<RepositoryIssueCountDocument>(REPOSITORY_ISSUE_COUNTS_COLLECTION);

export function emptyReactionCounts(): ReactionCounts {
  const counts = { total_count: 0 } as ReactionCounts;
  for (const content of REACTION_CONTENTS) counts[content] = 0;
  return counts;
}

// A reaction was added to (+1) or removed from (-1) its subject.
export async function countReaction(subject: ReactionSubject, content: string, delta: 1 | -1, target: ProjectionTarget): Promise<void> {
  // An issue by its id: a pull request's issue has an _id of its own (`pr-<pull request id>`).
  const collection = subject.type === 'issue' ? issues(target) : comments(target);
  await collection.updateOne(subject.type === 'issue' ? { id: subject.id } : { _id: String(subject.id) }, {
    $inc: { [`reactions.${content}`]: delta, 'reactions.total_count': delta },
  });
}

export async function countComment(issueId: number, delta: 1 | -1, target: ProjectionTarget): Promise<void> {
  // By id: a pull request's issue has an _id of its own (`pr-<pull request id>`).
  await issues(target).updateOne({ id: issueId }, { $inc: { comments: delta } });
}

// An issue entered (+1) or left (-1) a state, in its milestone and in its repository's open count.
export async function countIssueState(
  issue: Pick<IssueDocument, 'repository_id' | 'milestone_id'>,
  state: 'open' | 'closed',
  delta: 1 | -1,
  target: ProjectionTarget,
): Promise<void> {
  await countInMilestone(issue.milestone_id, state, delta, target);
  if (state === 'open') {
    const _id = String(issue.repository_id);
    await openCounts(target).updateOne({ _id }, { $inc: { open_issues_count: delta }, $setOnInsert: { repository_id: issue.repository_id } }, { upsert: true });
  }
}

// The counts and the completeness they give, written together (the list sorts on it).
export async function countInMilestone(milestoneId: number | null, state: 'open' | 'closed', delta: 1 | -1, target: ProjectionTarget): Promise<void> {
  if (milestoneId === null) return;
  const milestone = await milestones(target).findOne({ _id: String(milestoneId) });
  if (milestone === null) return;
  const counts = {
    open_issues: milestone.open_issues + (state === 'open' ? delta : 0),
    closed_issues: milestone.closed_issues + (state === 'closed' ? delta : 0),
  };
  const { completeness } = milestoneSortKeys({ ...counts, due_on: null });
  await milestones(target).updateOne({ _id: milestone._id }, { $set: { ...counts, completeness } });
}
