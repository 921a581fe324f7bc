import type { OrganizationDocument, OrgMembershipDocument } from '../accounts/organizations.readModel.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { IssueCommentDocument, IssueDocument, LabelDocument, MilestoneDocument, ReactionDocument } from '../issues/issues.readModel.js';
import type { ProjectCardDocument, ProjectColumnDocument, ProjectDocument } from '../projects/projects.readModel.js';
import type { PullRequestDocument } from '../pulls/pullRequests.readModel.js';
import type { RepositoryCollaboratorDocument, RepositoryDocument } from '../repositories/repositories.readModel.js';
import type { HookDocument } from '../webhooks/webhooks.readModel.js';

// GitHub's migration archive records (the layout ghe-migrator reads): each record has a `type`
// and refers to the others by their web URLs, which is how an import matches them again.
export interface ArchiveUrls {
  user(login: string): string;
  repository(fullName: string): string;
}

export const archiveUrls = (htmlBase: string): ArchiveUrls => ({
  user: (login) => `${htmlBase}/${login}`,
  repository: (fullName) => `${htmlBase}/${fullName}`,
});

export type Logins = (id: number | null) => string | null;

// `showsPrivateEmail`: GitHub's migrations carry the migration owner's own email addresses but
// only the public email of every other user they refer to.
export function userRecord(user: UserDocument, urls: ArchiveUrls, showsPrivateEmail: boolean) {
  const email = showsPrivateEmail || user.email_public === true ? user.email : null;
  return {
    type: 'user',
    url: urls.user(user.login),
    avatar_url: `${urls.user(user.login)}.png`,
    login: user.login,
    name: user.name,
    bio: user.bio,
    company: user.company,
    website: user.blog === '' ? null : user.blog,
    location: user.location,
    emails: email ? [{ address: email, primary: true, verified: true }] : [],
    created_at: user.created_at,
  };
}

export function organizationRecord(
  organization: OrganizationDocument,
  account: UserDocument,
  members: readonly OrgMembershipDocument[],
  logins: Logins,
  urls: ArchiveUrls,
) {
  return {
    type: 'organization',
    url: urls.user(account.login),
    avatar_url: `${urls.user(account.login)}.png`,
    login: account.login,
    name: account.name,
    description: organization.description ?? null,
    website: account.blog === '' ? null : account.blog,
    location: account.location,
    email: account.email,
    members: members.map((member) => ({ user: urls.user(logins(member.user_id) ?? 'ghost'), role: member.role, state: member.state })),
    created_at: account.created_at,
  };
}

export function repositoryRecord(
  repository: RepositoryDocument,
  fullName: string,
  ownerLogin: string,
  labels: readonly LabelDocument[],
  collaborators: readonly RepositoryCollaboratorDocument[],
  hooks: readonly HookDocument[],
  logins: Logins,
  urls: ArchiveUrls,
) {
  const url = urls.repository(fullName);
  return {
    type: 'repository',
    url,
    owner: urls.user(ownerLogin),
    name: repository.name,
    description: repository.description,
    website: repository.homepage,
    private: repository.private,
    has_issues: repository.has_issues,
    has_wiki: repository.has_wiki,
    has_downloads: true,
    has_projects: repository.has_projects,
    archived: repository.archived,
    is_archived: repository.archived,
    topics: repository.topics,
    labels: labels.map((label) => ({
      url: `${url}/labels/${encodeURIComponent(label.name)}`,
      name: label.name,
      color: label.color,
      description: label.description,
      default: label.default,
      created_at: repository.created_at,
    })),
    collaborators: collaborators.map((collaborator) => ({ user: urls.user(logins(collaborator.user_id) ?? 'ghost'), permission: collaborator.permission })),
    // GitHub's archive keeps each hook's settings, never its secret.
    webhooks: hooks.map((hook) => ({
      payload_url: hook.url,
      content_type: hook.content_type,
      event_types: hook.events,
      enable_ssl_verification: hook.insecure_ssl === '0',
      active: hook.active,
    })),
    created_at: repository.created_at,
    git_url: `tarball://root/repositories/${fullName}.git`,
    default_branch: repository.default_branch,
    public: !repository.private,
  };
}

// GitHub's archive lists each reaction: who (their web URL), which content, and when.
const reactionRecords = (reactions: readonly ReactionDocument[], logins: Logins, urls: ArchiveUrls) =>
  reactions.map((reaction) => ({ user: urls.user(logins(reaction.user_id) ?? 'ghost'), content: reaction.content, created_at: reaction.created_at }));

const labelUrl = (repositoryUrl: string, labels: ReadonlyMap<number, LabelDocument>) => (id: number) => {
  const label = labels.get(id);
  return label ? `${repositoryUrl}/labels/${encodeURIComponent(label.name)}` : null;
};

export function issueRecord(
  issue: IssueDocument,
  repositoryUrl: string,
  milestones: ReadonlyMap<number, MilestoneDocument>,
  labels: ReadonlyMap<number, LabelDocument>,
  reactions: readonly ReactionDocument[],
  logins: Logins,
  urls: ArchiveUrls,
) {
  const milestone = issue.milestone_id === null ? undefined : milestones.get(issue.milestone_id);
  return {
    type: 'issue',
    url: `${repositoryUrl}/issues/${issue.number}`,
    repository: repositoryUrl,
    user: urls.user(logins(issue.user_id) ?? 'ghost'),
    title: issue.title,
    body: issue.body,
    assignee: issue.assignee_ids.length > 0 ? urls.user(logins(issue.assignee_ids[0]!) ?? 'ghost') : null,
    assignees: issue.assignee_ids.map((id) => urls.user(logins(id) ?? 'ghost')),
    milestone: milestone ? `${repositoryUrl}/milestones/${milestone.number}` : null,
    labels: issue.label_ids.map(labelUrl(repositoryUrl, labels)).filter((url): url is string => url !== null),
    reactions: reactionRecords(reactions, logins, urls),
    closed_at: issue.closed_at,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    locked: issue.locked,
    state: issue.state,
  };
}

// Who owns each side of a pull request, as GitHub's archive says it: `base.user` is the base
// repository's owner, `head.user` the head repository's (the author's when that repository is
// gone), `head.repo` null once the head repository is gone (a deleted fork).
export interface PullRequestSides {
  readonly baseOwnerUrl: string;
  readonly headOwnerUrl: string;
  readonly headRepositoryUrl: string | null;
}

export function pullRequestRecord(
  pull: PullRequestDocument,
  issue: IssueDocument | undefined,
  repositoryUrl: string,
  sides: PullRequestSides,
  milestones: ReadonlyMap<number, MilestoneDocument>,
  labels: ReadonlyMap<number, LabelDocument>,
  reactions: readonly ReactionDocument[],
  logins: Logins,
  urls: ArchiveUrls,
) {
  const milestone = issue?.milestone_id ? milestones.get(issue.milestone_id) : undefined;
  const user = urls.user(logins(pull.user_id) ?? 'ghost');
  return {
    type: 'pull_request',
    url: `${repositoryUrl}/pull/${pull.number}`,
    user,
    repository: repositoryUrl,
    title: pull.title,
    body: pull.body,
    base: { ref: pull.base.ref, sha: pull.base.sha, user: sides.baseOwnerUrl, repo: repositoryUrl },
    head: { ref: pull.head.ref, sha: pull.head.sha, user: sides.headOwnerUrl, repo: sides.headRepositoryUrl },
    assignee: null,
    assignees: (issue?.assignee_ids ?? []).map((id) => urls.user(logins(id) ?? 'ghost')),
    milestone: milestone ? `${repositoryUrl}/milestones/${milestone.number}` : null,
    labels: (issue?.label_ids ?? []).map(labelUrl(repositoryUrl, labels)).filter((url): url is string => url !== null),
    reactions: reactionRecords(reactions, logins, urls),
    review_requests: [],
    close_issue_references: [],
    work_in_progress: pull.draft,
    merged_at: pull.merged_at,
    merge_commit_sha: pull.merge_commit_sha,
    closed_at: pull.closed_at,
    created_at: pull.created_at,
    updated_at: pull.updated_at,
    state: pull.state,
  };
}

export function issueCommentRecord(comment: IssueCommentDocument, issueUrl: string, reactions: readonly ReactionDocument[], logins: Logins, urls: ArchiveUrls) {
  return {
    type: 'issue_comment',
    url: `${issueUrl}#issuecomment-${comment.id}`,
    issue: issueUrl,
    user: urls.user(logins(comment.user_id) ?? 'ghost'),
    body: comment.body,
    reactions: reactionRecords(reactions, logins, urls),
    created_at: comment.created_at,
    updated_at: comment.updated_at,
  };
}

export function milestoneRecord(milestone: MilestoneDocument, repositoryUrl: string, logins: Logins, urls: ArchiveUrls) {
  return {
    type: 'milestone',
    url: `${repositoryUrl}/milestones/${milestone.number}`,
    repository: repositoryUrl,
    user: urls.user(logins(milestone.creator_id) ?? 'ghost'),
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    due_on: milestone.due_on,
    created_at: milestone.created_at,
    updated_at: milestone.updated_at,
    closed_at: milestone.closed_at,
  };
}

export function projectRecord(
  project: ProjectDocument,
  projectUrl: string,
  ownerUrl: string,
  columns: readonly ProjectColumnDocument[],
  cards: ReadonlyMap<number, ProjectCardDocument>,
  contentUrl: (card: ProjectCardDocument) => string | null,
  logins: Logins,
  urls: ArchiveUrls,
) {
  return {
    type: 'project',
    url: projectUrl,
    owner: ownerUrl,
    name: project.name,
    body: project.body,
    number: project.number,
    state: project.state,
    public: !project.private,
    creator: urls.user(logins(project.creator_id) ?? 'ghost'),
    columns: columns.map((column, position) => ({
      name: column.name,
      url: `${projectUrl}/columns/${column.id}`,
      position,
      created_at: column.created_at,
      updated_at: column.updated_at,
      cards: column.card_ids
        .map((id) => cards.get(id))
        .filter((card): card is ProjectCardDocument => card !== undefined)
        .map((card, cardPosition) => ({
          url: `${projectUrl}/cards/${card.id}`,
          note: card.note,
          content: contentUrl(card),
          archived: card.archived,
          position: cardPosition,
          creator: urls.user(logins(card.creator_id) ?? 'ghost'),
          created_at: card.created_at,
          updated_at: card.updated_at,
        })),
    })),
    created_at: project.created_at,
    updated_at: project.updated_at,
  };
}
