import { inject, injectable } from 'inversify';
import { labelNameKey } from '../../domain/issues/defaultLabels.js';
import type { ReactionContent, ReactionSubject } from '../../domain/issues/reaction.decider.js';
import type { Filter, ReadModelStore, SortSpec } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { compareBy, pageAcross } from '../shared/pageAcross.js';
import {
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  REACTIONS_COLLECTION,
  REPOSITORY_ISSUE_COUNTS_COLLECTION,
  type IssueCommentDocument,
  type IssueDocument,
  type LabelDocument,
  type MilestoneDocument,
  type ReactionDocument,
  type RepositoryIssueCountDocument,
} from './issues.readModel.js';

export interface Page {
  readonly page: number;
  readonly perPage: number;
}

export interface Paged<T> {
  readonly items: readonly T[];
  readonly totalCount: number;
}

export type Direction = 'asc' | 'desc';

export interface MilestoneListFilter {
  readonly state: 'open' | 'closed' | 'all';
  readonly sort: 'due_on' | 'completeness';
  readonly direction: Direction;
}

const order = (direction: Direction): 1 | -1 => (direction === 'asc' ? 1 : -1);

// The fields whose single value has an ordered index by creation of its own (issues.projection.ts).
const SELECTIVE_FIELDS = ['label_ids', 'assignee_ids', 'mentioned_ids', 'user_id', 'milestone_id'] as const;

// The read side of issues, comments, labels, milestones and reactions.
@injectable()
export class IssueQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  issueByNumber(repositoryId: number, number: number): Promise<IssueDocument | null> {
    return this.issues().findOne({ repository_id: repositoryId, number });
  }

  // A pull request's issue too: its document's _id is not its id.
  issueById(issueId: number): Promise<IssueDocument | null> {
    return this.issues().findOne({ id: issueId });
  }

  // Every state: the open and the closed runs merged (the indexes pin a state, then sort).
  countIssues(filter: Filter): Promise<number> {
    return this.issues().count(filter);
  }

  async pagedIssues(filter: Filter, sort: SortSpec, page: Page): Promise<Paged<IssueDocument>> {
    const window = { skip: (page.page - 1) * page.perPage, limit: page.perPage };
    const totalCount = await this.issues().count(filter);
    if (await this.fewerThanTheWalk(filter, sort, totalCount, window.skip + window.limit)) {
      const matches = await this.issues().find(filter);
      return { items: matches.sort(compareBy(sort)).slice(window.skip, window.skip + window.limit), totalCount };
    }
    const items =
      filter.state === undefined
        ? await pageAcross(this.issues(), filter, { field: 'state', values: ['open', 'closed'] }, sort, window)
        : await this.issues().find(filter, { sort, ...window });
    return { items, totalCount };
  }

  // A filter naming one label, assignee, mentioned user, creator or milestone has ordered indexes by creation
  // only: in another order (updated, comments) the page is found along a walk of the
  // repository's issues in that order, testing each, about wanted × run / matches of them (the
  // whole run for a value few issues hold). When reading the matches through their own index
  // costs less (matches² ≤ wanted × run; both counts are kept per index prefix), they are read
  // and sorted instead.
  private async fewerThanTheWalk(filter: Filter, sort: SortSpec, matches: number, wanted: number): Promise<boolean> {
    if (Object.keys(sort)[0] === 'created_at' || !SELECTIVE_FIELDS.some((field) => typeof filter[field] === 'number')) return false;
    const run = await this.issues().count(
      filter.state === undefined ? { repository_id: filter.repository_id } : { repository_id: filter.repository_id, state: filter.state },
    );
    return matches * matches <= wanted * run;
  }

  comment(commentId: number): Promise<IssueCommentDocument | null> {
    return this.comments().findOne({ _id: String(commentId) });
  }

  // Oldest first, as GitHub lists comments, or by when they were last updated (a repository's
  // list takes `sort`); `since` keeps those updated at or after it.
  async pagedComments(
    scope: { issue_id: number } | { repository_id: number },
    since: string | undefined,
    direction: Direction,
    page: Page,
    by: 'created' | 'updated' = 'created',
  ): Promise<Paged<IssueCommentDocument>> {
    const skip = (page.page - 1) * page.perPage;
    if (by === 'updated') {
      // Along the index by update time (from `since` when given): the page, and a count of the range.
      const filter: Filter = { ...scope, ...(since === undefined ? {} : { updated_at: { $gte: since } }) };
      const items = await this.comments().find(filter, { sort: { updated_at: order(direction), id: order(direction) }, skip, limit: page.perPage });
      return { items, totalCount: await this.comments().count(filter) };
    }
    const sort = { created_at: order(direction), id: order(direction) } as const;
    if (since !== undefined) {
      // The comments updated since, read from the index by update time from `since` on (a
      // walk in creation order would test every older comment first), then put in order.
      const updated = await this.comments().find({ ...scope, updated_at: { $gte: since } }, { sort: { updated_at: 1, id: 1 } });
      const items = updated.sort((a, b) => (a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1) * sort.created_at);
      return { items: items.slice(skip, skip + page.perPage), totalCount: updated.length };
    }
    const items = await this.comments().find(scope, { sort, skip, limit: page.perPage });
    return { items, totalCount: await this.comments().count(scope) };
  }

  labelByName(repositoryId: number, name: string): Promise<LabelDocument | null> {
    return this.labels().findOne({ repository_id: repositoryId, name_key: labelNameKey(name) });
  }

  labelsByNames(repositoryId: number, names: readonly string[]): Promise<LabelDocument[]> {
    return names.length === 0 ? Promise.resolve([]) : this.labels().find({ repository_id: repositoryId, name_key: { $in: names.map(labelNameKey) } });
  }

  // In the order given, leaving out labels deleted since.
  async labelsByIds(ids: readonly number[]): Promise<LabelDocument[]> {
    if (ids.length === 0) return [];
    // By _id (String(id)): the primary key, not a scan of every repository's labels.
    const found = new Map((await this.labels().find({ _id: { $in: [...new Set(ids)].map(String) } })).map((label) => [label.id, label]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  async pagedLabels(repositoryId: number, page: Page): Promise<Paged<LabelDocument>> {
    const filter = { repository_id: repositoryId };
    const items = await this.labels().find(filter, { sort: { name_key: 1, id: 1 }, skip: (page.page - 1) * page.perPage, limit: page.perPage });
    return { items, totalCount: await this.labels().count(filter) };
  }

  milestoneByNumber(repositoryId: number, number: number): Promise<MilestoneDocument | null> {
    return this.milestones().findOne({ repository_id: repositoryId, number });
  }

  // The issues and pull requests of a repository someone is assigned to, from the
  // repository × assignee index.
  assignedTo(repositoryId: number, userId: number): Promise<IssueDocument[]> {
    return this.issues().find({ repository_id: repositoryId, assignee_ids: userId });
  }

  // Exact title: milestone titles are unique in a repository as typed (milestoneTitles.ts).
  milestoneByTitle(repositoryId: number, title: string): Promise<MilestoneDocument | null> {
    return this.milestones().findOne({ repository_id: repositoryId, title });
  }

  milestoneById(milestoneId: number | null): Promise<MilestoneDocument | null> {
    return milestoneId === null ? Promise.resolve(null) : this.milestones().findOne({ _id: String(milestoneId) });
  }

  // GitHub sorts by due date (undated last), or by completeness (share of closed issues); ties
  // by number. Read along the index of that order (every state: the two runs merged).
  async pagedMilestones(repositoryId: number, filter: MilestoneListFilter, page: Page): Promise<Paged<MilestoneDocument>> {
    const sort = { [filter.sort === 'completeness' ? 'completeness' : 'due_sort']: order(filter.direction), number: 1 } as const;
    const window = { skip: (page.page - 1) * page.perPage, limit: page.perPage };
    const scope: Filter = { repository_id: repositoryId, ...(filter.state === 'all' ? {} : { state: filter.state }) };
    const items =
      filter.state === 'all'
        ? await pageAcross(this.milestones(), scope, { field: 'state', values: ['open', 'closed'] }, sort, window)
        : await this.milestones().find(scope, { sort, ...window });
    return { items, totalCount: await this.milestones().count(scope) };
  }

  reaction(reactionId: number): Promise<ReactionDocument | null> {
    return this.store.collection<ReactionDocument>(REACTIONS_COLLECTION).findOne({ _id: String(reactionId) });
  }

  async pagedReactions(subject: ReactionSubject, content: ReactionContent | undefined, page: Page): Promise<Paged<ReactionDocument>> {
    const reactions = this.store.collection<ReactionDocument>(REACTIONS_COLLECTION);
    const filter: Filter = { subject_type: subject.type, subject_id: subject.id, ...(content === undefined ? {} : { content }) };
    const items = await reactions.find(filter, { sort: { created_at: 1, id: 1 }, skip: (page.page - 1) * page.perPage, limit: page.perPage });
    return { items, totalCount: await reactions.count(filter) };
  }

  async openIssuesCount(repositoryId: number): Promise<number> {
    const counts = await this.store.collection<RepositoryIssueCountDocument>(REPOSITORY_ISSUE_COUNTS_COLLECTION).findOne({ _id: String(repositoryId) });
    return counts?.open_issues_count ?? 0;
  }

  private issues() {
    return this.store.collection<IssueDocument>(ISSUES_COLLECTION);
  }

  private comments() {
    return this.store.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION);
  }

  private labels() {
    return this.store.collection<LabelDocument>(LABELS_COLLECTION);
  }

  private milestones() {
    return this.store.collection<MilestoneDocument>(MILESTONES_COLLECTION);
  }
}
