import { USERS_COLLECTION, type UserDocument } from '../../application/accounts/users.readModel.js';
import {
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  type IssueCommentDocument,
  type IssueDocument,
  type LabelDocument,
  type MilestoneDocument,
} from '../../application/issues/issues.readModel.js';
import { PROJECT_CARDS_COLLECTION, type ProjectCardDocument } from '../../application/projects/projects.readModel.js';
import { PULL_REQUESTS_COLLECTION, type PullRequestDocument } from '../../application/pulls/pullRequests.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { REACTION_SORTS, type IssueSearchDocument } from '../../application/search/issueSearch.document.js';
import { indexedTime } from '../../application/search/searchIndexes.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { loginKey } from '../../domain/accounts/login.js';
import { mentionedLogins } from '../../domain/search/mentions.js';
import { issueRepositoryLanguage } from './issueRepositoryLanguages.js';

// Bounds that keep one document's cost independent of how long a conversation runs: the
// comments read (oldest first: commenters and mentions come from these), the comment text
// indexed (GitHub's own index also truncates long conversations), the mentions resolved.
export const MAX_COMMENTS_READ = 1000;
export const MAX_COMMENTS_TEXT = 32_768;
export const MAX_MENTIONS = 100;

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

async function commentsOf(target: ProjectionTarget, issue: IssueDocument): Promise<IssueCommentDocument[]> {
  // The issue's count is kept with its comments (issueCounters.ts): none is looked for when it
  // is 0, as for most issues (a replay read the comments of every issue opened).
  if (issue.comments === 0) return [];
  // A pull request's conversation comments are its issue's (its issue id is of the issues'
  // sequence; one opened before that has a negated id, which no comment names).
  return target
    .collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION)
    .find({ issue_id: issue.id }, { sort: { created_at: 1, id: 1 }, limit: MAX_COMMENTS_READ });
}

function commentsText(comments: readonly IssueCommentDocument[]): string {
  const text = comments.map((comment) => comment.body).join('\n\n');
  return text.length <= MAX_COMMENTS_TEXT ? text : text.slice(0, MAX_COMMENTS_TEXT);
}

async function mentionedIds(target: ProjectionTarget, texts: readonly string[]): Promise<number[]> {
  const users = target.collection<UserDocument>(USERS_COLLECTION);
  const ids: number[] = [];
  for (const login of mentionedLogins(texts, MAX_MENTIONS)) {
    const user = await users.findOne({ login_key: loginKey(login) });
    if (user !== null) ids.push(user.id);
  }
  return ids;
}

async function labelNames(target: ProjectionTarget, labelIds: readonly number[]): Promise<string[]> {
  if (labelIds.length === 0) return [];
  const labels = await target.collection<LabelDocument>(LABELS_COLLECTION).find({ _id: { $in: labelIds.map(String) } });
  return labels.map((label) => label.name.toLowerCase());
}

async function milestoneTitle(target: ProjectionTarget, milestoneId: number | null): Promise<string | null> {
  if (milestoneId === null) return null;
  const milestone = await target.collection<MilestoneDocument>(MILESTONES_COLLECTION).findOne({ _id: String(milestoneId) });
  return milestone === null ? null : milestone.title.toLowerCase();
}

async function pullRequestOf(target: ProjectionTarget, issue: IssueDocument): Promise<PullRequestDocument | null> {
  if (!issue.pull_request) return null;
  // The mirror's _id is `pr-<pull request id>`; its id is the issue's.
  return target.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION).findOne({ _id: issue._id.slice('pr-'.length) });
}

// The classic projects holding a card of the issue (or of the pull request), through the
// cards' index on their content's repository.
async function projectIds(target: ProjectionTarget, issue: IssueDocument): Promise<number[]> {
  const cards = await target
    .collection<ProjectCardDocument>(PROJECT_CARDS_COLLECTION)
    .find({ 'content.repositoryId': issue.repository_id, 'content.number': issue.number });
  return unique(cards.map((card) => card.project_id));
}

// What the repository decides for every document of it: who may see it, whose it is, its
// language (as this lane last read it, issueRepositoryLanguage).
export async function repositoryFields(
  target: ProjectionTarget,
  repository: RepositoryDocument,
): Promise<Pick<IssueSearchDocument, 'repository_id' | 'owner_id' | 'public' | 'archived' | 'issues_off' | 'language'>> {
  return {
    repository_id: repository.id,
    owner_id: repository.owner_id,
    public: !repository.private,
    archived: repository.archived,
    issues_off: !repository.has_issues,
    language: await issueRepositoryLanguage(target, repository.id),
  };
}

// The document of one issue or pull request (by the issues read model's _id), rebuilt from
// the read models; null when the issue or its repository is gone.
export async function issueSearchDocument(target: ProjectionTarget, key: string): Promise<IssueSearchDocument | null> {
  const issue = await target.collection<IssueDocument>(ISSUES_COLLECTION).findOne({ _id: key });
  if (issue === null) return null;
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(issue.repository_id) });
  if (repository === null) return null;
  const comments = await commentsOf(target, issue);
  const pullRequest = await pullRequestOf(target, issue);
  const labels = await labelNames(target, issue.label_ids);
  const milestone = await milestoneTitle(target, issue.milestone_id);
  const body = issue.body ?? '';
  const mentions = await mentionedIds(target, [issue.title, body, ...comments.map((comment) => comment.body)]);
  const commenters = unique(comments.map((comment) => comment.user_id));
  const reactions = issue.reactions;
  const projects = await projectIds(target, issue);
  const mergedAt = issue.pull_request?.merged_at ?? null;
  return {
    id: key,
    ...(await repositoryFields(target, repository)),
    number: issue.number,
    title: issue.title,
    body,
    comments_text: commentsText(comments),
    type: issue.pull_request ? 'pr' : 'issue',
    state: issue.state,
    state_reason: issue.state_reason ?? '',
    merged: mergedAt !== null,
    draft: pullRequest?.draft ?? false,
    locked: issue.locked,
    author_id: issue.user_id,
    assignee_ids: [...issue.assignee_ids],
    mention_ids: mentions,
    commenter_ids: commenters,
    involves_ids: unique([issue.user_id, ...issue.assignee_ids, ...mentions, ...commenters]),
    labels,
    milestone: milestone ?? '',
    has_labels: labels.length > 0,
    has_milestone: milestone !== null,
    has_assignees: issue.assignee_ids.length > 0,
    project_ids: projects,
    has_projects: projects.length > 0,
    comments: issue.comments,
    reactions: reactions.total_count,
    // REACTION_SORTS's attributes, in its order, written out: built from it with fromEntries
    // and spread in, they cost 1.7-2.9 µs per document, these 0.05.
    reactions_plus_one: reactions[REACTION_SORTS['reactions-+1']!.content],
    reactions_minus_one: reactions[REACTION_SORTS['reactions--1']!.content],
    reactions_smile: reactions[REACTION_SORTS['reactions-smile']!.content],
    reactions_thinking_face: reactions[REACTION_SORTS['reactions-thinking_face']!.content],
    reactions_heart: reactions[REACTION_SORTS['reactions-heart']!.content],
    reactions_tada: reactions[REACTION_SORTS['reactions-tada']!.content],
    interactions: issue.comments + reactions.total_count,
    created_at: indexedTime(issue.created_at)!,
    updated_at: indexedTime(issue.updated_at)!,
    closed_at: indexedTime(issue.closed_at),
    merged_at: indexedTime(mergedAt),
    head: pullRequest?.head.ref ?? '',
    base: pullRequest?.base.ref ?? '',
  };
}
