import { inject, injectable } from 'inversify';
import type { UserDocument } from '../accounts/users.readModel.js';
import {
  ISSUES_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  pullRequestIssueDocumentId,
  type IssueDocument,
  type LabelDocument,
  type MilestoneDocument,
} from '../issues/issues.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { CommitRangeStats, GitStorage } from '../shared/ports/gitStorage.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import { AuthorAssociations, type AuthorAssociation } from '../shared/access/authorAssociations.query.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { PullRequestGit } from './pullRequestGit.js';
import type { PullRequestDocument } from './pullRequests.readModel.js';

export interface RepositoryWithOwner {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
}

export type { AuthorAssociation };

// A pull request with everything its JSON shows beside it.
export interface PullRequestView {
  readonly pull: PullRequestDocument;
  // null once its author's account is deleted: the pull request stays, as an issue does.
  readonly user: UserDocument | null;
  readonly mergedBy: UserDocument | null;
  readonly base: RepositoryWithOwner;
  // null once the head repository (a fork) is gone.
  readonly head: RepositoryWithOwner | null;
  // The account that owned the head repository when it was deleted, while it exists (GitHub's
  // head.user and head.label still name it); null while the head repository exists.
  readonly deletedHeadOwner: UserDocument | null;
  readonly headSha: string;
  readonly baseSha: string;
  readonly authorAssociation: AuthorAssociation;
  readonly stats: CommitRangeStats | null;
  // Its issue side, kept on its issue: the comments on it, its lock, labels, assignees and milestone.
  readonly comments: number;
  readonly locked: boolean;
  readonly activeLockReason: string | null;
  readonly labels: readonly LabelDocument[];
  readonly assignees: readonly UserDocument[];
  readonly milestone: { readonly milestone: MilestoneDocument; readonly creator: UserDocument | undefined } | null;
}

@injectable()
export class PullRequestViews {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.GitStorage) private readonly gitStorage: GitStorage,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(PullRequestGit) private readonly git: PullRequestGit,
    @inject(AuthorAssociations) private readonly associations: AuthorAssociations,
  ) {}

  // One pull request in full: live tips and the commit counts git computes.
  async one(pull: PullRequestDocument, viewer: AccessCaller): Promise<PullRequestView | null> {
    const tips = await this.git.currentTips(pull);
    const stats = await this.git.statsOf(pull, tips);
    const [view] = await this.assemble([pull], () => tips, stats, viewer);
    return view ?? null;
  }

  // A page of pull requests: each repository's branches the page names are read once for the
  // whole page (only those: a repository's refs grow with its pull requests and tags).
  async many(pulls: readonly PullRequestDocument[], viewer: AccessCaller): Promise<PullRequestView[]> {
    const branches = new Map<number, Set<string>>();
    const name = (repositoryId: number, ref: string) => branches.set(repositoryId, (branches.get(repositoryId) ?? new Set()).add(`refs/heads/${ref}`));
    for (const pull of pulls.filter((candidate) => candidate.state === 'open')) {
      name(pull.repository_id, pull.base.ref);
      name(pull.head.repository_id, pull.head.ref);
    }
    const refs = new Map<number, Map<string, string>>();
    for (const [id, names] of branches) refs.set(id, new Map((await this.gitStorage.refsNamed(id, [...names])).map((ref) => [ref.name, ref.sha])));
    const tipsOf = (pull: PullRequestDocument) => {
      if (pull.state !== 'open') return { headSha: pull.head.sha, baseSha: pull.base.sha };
      return {
        headSha: refs.get(pull.head.repository_id)?.get(`refs/heads/${pull.head.ref}`) ?? pull.head.sha,
        baseSha: refs.get(pull.repository_id)?.get(`refs/heads/${pull.base.ref}`) ?? pull.base.sha,
      };
    };
    return this.assemble(pulls, tipsOf, null, viewer);
  }

  private async assemble(
    pulls: readonly PullRequestDocument[],
    tipsOf: (pull: PullRequestDocument) => { headSha: string; baseSha: string },
    stats: CommitRangeStats | null,
    viewer: AccessCaller,
  ): Promise<PullRequestView[]> {
    const repositories = new Map(
      (await this.repositories.byIds(pulls.flatMap((pull) => [pull.repository_id, pull.head.repository_id]))).map((repository) => [repository.id, repository]),
    );
    const conversations = new Map(
      (await this.store.collection<IssueDocument>(ISSUES_COLLECTION).find({ _id: { $in: pulls.map((pull) => pullRequestIssueDocumentId(pull.id)) } })).map(
        (issue) => [issue._id, issue],
      ),
    );
    const sides = [...conversations.values()];
    const labels = await this.byId<LabelDocument>(
      LABELS_COLLECTION,
      sides.flatMap((issue) => issue.label_ids),
    );
    const milestones = await this.byId<MilestoneDocument>(
      MILESTONES_COLLECTION,
      sides.flatMap((issue) => (issue.milestone_id === null ? [] : [issue.milestone_id])),
    );
    const accountIds = [...repositories.values()].map((repository) => repository.owner_id);
    for (const pull of pulls) accountIds.push(pull.user_id, ...(pull.merged_by_id === null ? [] : [pull.merged_by_id]));
    for (const pull of pulls) if (pull.head.owner_id !== undefined) accountIds.push(pull.head.owner_id);
    for (const issue of sides) accountIds.push(...issue.assignee_ids);
    for (const milestone of milestones.values()) accountIds.push(milestone.creator_id);
    const accounts = await this.repositories.accountsByIds(accountIds);
    const withOwner = (id: number): RepositoryWithOwner | null => {
      const repository = repositories.get(id);
      const owner = repository && accounts.get(repository.owner_id);
      return repository && owner ? { repository, owner } : null;
    };
    const milestoneOf = (id: number | null) => {
      const milestone = id === null ? undefined : milestones.get(id);
      return milestone ? { milestone, creator: accounts.get(milestone.creator_id) } : null;
    };
    const views: PullRequestView[] = [];
    const associationOf = await this.associations.of(
      viewer,
      pulls.flatMap((pull) => {
        const repository = repositories.get(pull.repository_id);
        return repository ? [{ repository, userId: pull.user_id }] : [];
      }),
    );
    for (const pull of pulls) {
      const user = accounts.get(pull.user_id) ?? null;
      const base = withOwner(pull.repository_id);
      if (!base) continue;
      const mergedBy = pull.merged_by_id === null ? null : (accounts.get(pull.merged_by_id) ?? null);
      const authorAssociation = associationOf(base.repository, pull.user_id);
      const conversation = conversations.get(pullRequestIssueDocumentId(pull.id));
      views.push({
        pull,
        user,
        mergedBy,
        base,
        head: withOwner(pull.head.repository_id),
        deletedHeadOwner: repositories.has(pull.head.repository_id) || pull.head.owner_id === undefined ? null : (accounts.get(pull.head.owner_id) ?? null),
        ...tipsOf(pull),
        authorAssociation,
        stats,
        comments: conversation?.comments ?? 0,
        locked: conversation?.locked ?? false,
        activeLockReason: conversation?.active_lock_reason ?? null,
        // A deleted label or milestone, or an account gone, is left out, as for an issue.
        labels: (conversation?.label_ids ?? []).flatMap((id) => labels.get(id) ?? []),
        assignees: (conversation?.assignee_ids ?? []).flatMap((id) => accounts.get(id) ?? []),
        milestone: milestoneOf(conversation?.milestone_id ?? null),
      });
    }
    return views;
  }

  // The page's labels or milestones, each read once.
  private async byId<T extends LabelDocument | MilestoneDocument>(collection: string, ids: readonly number[]): Promise<Map<number, T>> {
    if (ids.length === 0) return new Map();
    const found = await this.store.collection<T>(collection).find({ _id: { $in: [...new Set(ids)].map(String) } });
    return new Map(found.map((document) => [document.id, document]));
  }
}
