import type {
  IssueCommentDocument,
  IssueDocument,
  LabelDocument,
  MilestoneDocument,
  ReactionCounts,
  ReactionDocument,
} from '../../../application/issues/issues.readModel.js';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import { embeddedAccount, simpleUser } from '../accounts/users.encoders.js';
import { githubTime } from '../shared/githubTime.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { DependentEncodingCache } from '../shared/encodingCache.js';

import type { AuthorAssociation } from '../../../domain/shared/authorAssociation.js';

export type { AuthorAssociation };

// Where a repository's issue resources live: /repos/{owner}/{repo}/...
export interface RepositoryPaths {
  readonly fullName: string;
  readonly urls: ApiUrls;
}

const time = (iso: string | null): string | null => (iso === null ? null : githubTime(iso));

export function labelJson(label: LabelDocument, { fullName, urls }: RepositoryPaths) {
  return {
    id: label.id,
    node_id: legacyNodeId('Label', label.id),
    url: urls.api(`/repos/${fullName}/labels/${encodeURIComponent(label.name)}`),
    name: label.name,
    description: label.description,
    color: label.color,
    default: label.default,
  };
}

export function milestoneJson(milestone: MilestoneDocument, creator: UserDocument | undefined, { fullName, urls }: RepositoryPaths) {
  const url = urls.api(`/repos/${fullName}/milestones/${milestone.number}`);
  return {
    url,
    html_url: urls.html(`/${fullName}/milestone/${milestone.number}`),
    labels_url: `${url}/labels`,
    id: milestone.id,
    node_id: legacyNodeId('Milestone', milestone.id),
    number: milestone.number,
    state: milestone.state,
    title: milestone.title,
    description: milestone.description,
    creator: embeddedAccount(creator, urls),
    open_issues: milestone.open_issues,
    closed_issues: milestone.closed_issues,
    created_at: githubTime(milestone.created_at),
    updated_at: githubTime(milestone.updated_at),
    closed_at: time(milestone.closed_at),
    due_on: time(milestone.due_on),
  };
}

// GitHub's reaction-rollup: counts by content and where to list them.
export function reactionRollup(counts: ReactionCounts, url: string) {
  return {
    url,
    total_count: counts.total_count,
    '+1': counts['+1'],
    '-1': counts['-1'],
    laugh: counts.laugh,
    hooray: counts.hooray,
    confused: counts.confused,
    heart: counts.heart,
    rocket: counts.rocket,
    eyes: counts.eyes,
  };
}

export function reactionJson(reaction: ReactionDocument, user: UserDocument | undefined, urls: ApiUrls) {
  return {
    id: reaction.id,
    node_id: legacyNodeId('Reaction', reaction.id),
    user: embeddedAccount(user, urls),
    content: reaction.content,
    created_at: githubTime(reaction.created_at),
  };
}

export interface IssueRelations {
  readonly users: ReadonlyMap<number, UserDocument>;
  readonly labels: readonly LabelDocument[];
  readonly milestone: MilestoneDocument | null;
  readonly association: AuthorAssociation;
}

export function issueJson(issue: IssueDocument, relations: IssueRelations, paths: RepositoryPaths) {
  const { fullName, urls } = paths;
  const url = urls.api(`/repos/${fullName}/issues/${issue.number}`);
  const assignees = issue.assignee_ids.flatMap((id) => relations.users.get(id) ?? []).map((user) => simpleUser(user, urls));
  return {
    id: issue.id,
    node_id: legacyNodeId('Issue', issue.id),
    url,
    repository_url: urls.api(`/repos/${fullName}`),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    // A pull request listed among the issues links to its page, as on GitHub.
    html_url: urls.html(`/${fullName}/${issue.pull_request ? 'pull' : 'issues'}/${issue.number}`),
    number: issue.number,
    state: issue.state,
    state_reason: issue.state_reason,
    title: issue.title,
    body: issue.body,
    user: embeddedAccount(relations.users.get(issue.user_id), urls),
    labels: relations.labels.map((label) => labelJson(label, paths)),
    assignee: assignees[0] ?? null,
    assignees,
    milestone: relations.milestone ? milestoneJson(relations.milestone, relations.users.get(relations.milestone.creator_id), paths) : null,
    locked: issue.locked,
    active_lock_reason: issue.active_lock_reason,
    comments: issue.comments,
    closed_at: time(issue.closed_at),
    created_at: githubTime(issue.created_at),
    updated_at: githubTime(issue.updated_at),
    closed_by: issue.closed_by_id === null ? null : embeddedAccount(relations.users.get(issue.closed_by_id), urls),
    author_association: relations.association,
    reactions: reactionRollup(issue.reactions, `${url}/reactions`),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    // issue types and sub-issues, which forgelog does not have: GitHub's values for none
    type: null,
    sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 },
    ...(issue.pull_request
      ? {
          pull_request: {
            url: urls.api(`/repos/${fullName}/pulls/${issue.number}`),
            html_url: urls.html(`/${fullName}/pull/${issue.number}`),
            diff_url: urls.html(`/${fullName}/pull/${issue.number}.diff`),
            patch_url: urls.html(`/${fullName}/pull/${issue.number}.patch`),
            merged_at: time(issue.pull_request.merged_at),
          },
        }
      : {}),
  };
}

export function issueCommentJson(
  comment: IssueCommentDocument,
  // The issue commented on: a pull request's conversation comment links to the pull request.
  issue: { readonly number: number; readonly pullRequest: boolean },
  author: UserDocument | undefined,
  association: AuthorAssociation,
  { fullName, urls }: RepositoryPaths,
) {
  const url = urls.api(`/repos/${fullName}/issues/comments/${comment.id}`);
  return {
    id: comment.id,
    node_id: legacyNodeId('IssueComment', comment.id),
    url,
    html_url: urls.html(`/${fullName}/${issue.pullRequest ? 'pull' : 'issues'}/${issue.number}#issuecomment-${comment.id}`),
    body: comment.body,
    user: embeddedAccount(author, urls),
    created_at: githubTime(comment.created_at),
    updated_at: githubTime(comment.updated_at),
    issue_url: urls.api(`/repos/${fullName}/issues/${issue.number}`),
    author_association: association,
    performed_via_github_app: null,
    reactions: reactionRollup(comment.reactions, `${url}/reactions`),
  };
}

// 2,000: twenty pages of 100, some 10 MB with their bytes (jsonPayload.ts).
const keptIssues = new DependentEncodingCache<IssueDocument, ReturnType<typeof issueJson>>(2_000);

// An issue's encoding, kept while the documents it shows are the same objects: a page of
// issues served again is not encoded again (nor, being frozen, serialized again).
export function keptIssueJson(issue: IssueDocument, relations: IssueRelations, paths: RepositoryPaths) {
  const { users, milestone, labels } = relations;
  const inputs = [
    paths.urls,
    paths.fullName,
    relations.association,
    milestone,
    milestone === null ? null : users.get(milestone.creator_id),
    users.get(issue.user_id),
    issue.closed_by_id === null ? null : users.get(issue.closed_by_id),
    ...issue.assignee_ids.map((id) => users.get(id)),
    // The labels last: how many of the issue's labels still exist varies.
    ...labels,
  ];
  return keptIssues.encoded(issue, inputs, () => issueJson(issue, relations, paths));
}
