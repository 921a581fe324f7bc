import { FOLLOWS_COLLECTION, USERS_COLLECTION, type FollowDocument, type UserDocument } from '../../application/accounts/users.readModel.js';
import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../../application/accounts/organizations.readModel.js';
import { authorAssociation, type Contributions } from '../../domain/shared/authorAssociation.js';
import {
  ACTIVITY_INVITERS_COLLECTION,
  type IssueSnapshot,
  type PullRequestSnapshot,
  type RepositorySnapshot,
} from '../../application/activity/activity.readModel.js';
import {
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  pullRequestIssueDocumentId,
  type IssueCommentDocument,
  type IssueDocument,
  type LabelDocument,
  type MilestoneDocument,
} from '../../application/issues/issues.readModel.js';
import {
  PULL_AUTHOR_MERGES_COLLECTION,
  PULL_REQUESTS_COLLECTION,
  REPOSITORY_PULL_AUTHORS_COLLECTION,
  repositoryPullAuthorId,
  type PullAuthorMergesDocument,
  type PullRequestDocument,
  type RepositoryPullAuthorDocument,
} from '../../application/pulls/pullRequests.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  pairId,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
  type RepositorySubscriptionDocument,
} from '../../application/repositories/repositories.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { headShaOf } from './pullHeads.apply.js';

type Association = IssueSnapshot['association'];

// An account as an event's snapshot keeps it: what GitHub's simple-user shows (id, login,
// type, site_admin), not the whole profile, so a million events do not hold a million profiles.
function snapshotOf(user: UserDocument): UserDocument {
  return { _id: user._id, id: user.id, login: user.login, type: user.type, site_admin: user.site_admin } as UserDocument;
}

// What the activity projection reads from its own copy of the models (activityMirror.ts).
export class MirrorReads {
  constructor(private readonly mirror: ProjectionTarget) {}

  async user(id: number): Promise<UserDocument | null> {
    const user = await this.mirror.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: String(id) });
    return user && snapshotOf(user);
  }

  repository(id: number): Promise<RepositoryDocument | null> {
    return this.mirror.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(id) });
  }

  // A pull request's issue too (its _id is `pr-<pull request id>`).
  issue(id: number): Promise<IssueDocument | null> {
    return this.mirror.collection<IssueDocument>(ISSUES_COLLECTION).findOne({ id });
  }

  comment(id: number): Promise<IssueCommentDocument | null> {
    return this.mirror.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION).findOne({ _id: String(id) });
  }

  label(id: number): Promise<LabelDocument | null> {
    return this.mirror.collection<LabelDocument>(LABELS_COLLECTION).findOne({ _id: String(id) });
  }

  pullRequest(id: number): Promise<PullRequestDocument | null> {
    return this.mirror.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION).findOne({ _id: String(id) });
  }

  openPullRequestsFrom(repositoryId: number, branch: string): Promise<PullRequestDocument[]> {
    return this.mirror
      .collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION)
      .find({ 'head.repository_id': repositoryId, 'head.ref': branch, state: 'open' });
  }

  async inviterOf(invitationId: number): Promise<number | null> {
    const invitation = await this.mirror.collection<{ _id: string; inviter_id: number }>(ACTIVITY_INVITERS_COLLECTION).findOne({ _id: String(invitationId) });
    return invitation?.inviter_id ?? null;
  }

  async followersOf(userId: number): Promise<number[]> {
    return (await this.mirror.collection<FollowDocument>(FOLLOWS_COLLECTION).find({ followee_id: userId })).map((edge) => edge.follower_id);
  }

  // GitHub's received events come from the repositories a user watches.
  async watchersOf(repositoryId: number): Promise<number[]> {
    const subscriptions = await this.mirror
      .collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION)
      .find({ repository_id: repositoryId });
    return subscriptions.filter((subscription) => subscription.subscribed).map((subscription) => subscription.user_id);
  }

  // author_association by the one rule (domain/shared/authorAssociation.ts), for a snapshot that
  // anyone may read: an organization's membership shows only when publicized, as to an outsider.
  async association(repository: RepositoryDocument, userId: number): Promise<Association> {
    const membership =
      repository.owner_type === 'Organization'
        ? await this.mirror.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).findOne({ _id: `${repository.owner_id}:${userId}` })
        : null;
    const collaborator = await this.mirror
      .collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION)
      .findOne({ _id: pairId(repository.id, userId) });
    return authorAssociation({
      ownsRepository: repository.owner_type === 'User' && userId === repository.owner_id,
      membership: membership?.state === 'active' ? membership : null,
      readerSeesConcealed: false,
      collaborator: collaborator !== null,
      contributions: await this.contributions(repository.id, userId),
    });
  }

  // The author's pull requests as of the event (the mirror's counts).
  private async contributions(repositoryId: number, userId: number): Promise<Contributions> {
    const here = await this.mirror
      .collection<RepositoryPullAuthorDocument>(REPOSITORY_PULL_AUTHORS_COLLECTION)
      .findOne({ _id: repositoryPullAuthorId(repositoryId, userId) });
    const mergedHere = (here?.merged_pull_requests_count ?? 0) > 0;
    const openHere = (here?.open_pull_requests_count ?? 0) > 0;
    if (mergedHere || !openHere) return { mergedHere, openHere, mergedAnywhere: mergedHere };
    const anywhere = await this.mirror.collection<PullAuthorMergesDocument>(PULL_AUTHOR_MERGES_COLLECTION).findOne({ _id: String(userId) });
    return { mergedHere, openHere, mergedAnywhere: (anywhere?.merged_pull_requests_count ?? 0) > 0 };
  }

  async repositorySnapshot(id: number): Promise<RepositorySnapshot | null> {
    const repository = await this.repository(id);
    const owner = repository && (await this.user(repository.owner_id));
    return repository && owner ? { repository, owner } : null;
  }

  async issueSnapshot(issue: IssueDocument, repository: RepositoryDocument): Promise<IssueSnapshot> {
    const userIds = new Set([issue.user_id, ...issue.assignee_ids, ...(issue.closed_by_id === null ? [] : [issue.closed_by_id])]);
    const milestone =
      issue.milestone_id === null ? null : await this.mirror.collection<MilestoneDocument>(MILESTONES_COLLECTION).findOne({ _id: String(issue.milestone_id) });
    if (milestone) userIds.add(milestone.creator_id);
    const users: UserDocument[] = [];
    for (const id of userIds) {
      const user = await this.user(id);
      if (user) users.push(user);
    }
    const labels: LabelDocument[] = [];
    for (const id of issue.label_ids) {
      const label = await this.label(id);
      if (label) labels.push(label);
    }
    return { issue, users, labels, milestone, association: await this.association(repository, issue.user_id) };
  }

  async pullRequestSnapshot(pull: PullRequestDocument): Promise<PullRequestSnapshot | null> {
    const base = await this.repositorySnapshot(pull.repository_id);
    // A deleted author's pull request stays (user null here, encoded as the ghost): its changes are events.
    const user = (await this.user(pull.user_id)) ?? null;
    if (!base) return null;
    const head = pull.head.repository_id === pull.repository_id ? base : await this.repositorySnapshot(pull.head.repository_id);
    const mergedBy = pull.merged_by_id === null ? null : await this.user(pull.merged_by_id);
    const issue = await this.mirror.collection<IssueDocument>(ISSUES_COLLECTION).findOne({ _id: pullRequestIssueDocumentId(pull.id) });
    const association = await this.association(base.repository, pull.user_id);
    const conversation = { comments: issue?.comments ?? 0, locked: issue?.locked ?? false, active_lock_reason: issue?.active_lock_reason ?? null };
    // The document keeps the head it was opened with: the head as pushed is kept beside it.
    const headSha = await headShaOf(pull, this.mirror);
    const shown = headSha === pull.head.sha ? pull : { ...pull, head: { ...pull.head, sha: headSha } };
    return { pull: shown, user, mergedBy, base, head, association, ...conversation, ...(await this.issueSide(issue)) };
  }

  // A pull request's labels, assignees and milestone, kept on its issue.
  private async issueSide(issue: IssueDocument | null): Promise<Pick<PullRequestSnapshot, 'labels' | 'assignees' | 'milestone'>> {
    const labels: LabelDocument[] = [];
    const assignees: UserDocument[] = [];
    for (const id of issue?.label_ids ?? []) {
      const label = await this.label(id);
      if (label) labels.push(label);
    }
    for (const id of issue?.assignee_ids ?? []) {
      const assignee = await this.user(id);
      if (assignee) assignees.push(assignee);
    }
    const milestone =
      issue?.milestone_id == null ? null : await this.mirror.collection<MilestoneDocument>(MILESTONES_COLLECTION).findOne({ _id: String(issue.milestone_id) });
    return { labels, assignees, milestone: milestone ? { milestone, creator: (await this.user(milestone.creator_id)) ?? undefined } : null };
  }
}
