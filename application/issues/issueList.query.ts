import { inject, injectable } from 'inversify';
import type { Filter, SortSpec } from '../shared/ports/readModelStore.port.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { rarestFirst } from '../shared/rarestFirst.js';
import { IssueQueries, type Direction, type Page, type Paged } from './issue.queries.js';
import type { IssueDocument } from './issues.readModel.js';

// GET /repos/{owner}/{repo}/issues, with GitHub's filters as the query string gives them.
export interface IssueListParams {
  readonly state: 'open' | 'closed' | 'all';
  readonly labels?: readonly string[];
  readonly sort: 'created' | 'updated' | 'comments';
  readonly direction: Direction;
  readonly since?: string;
  readonly assignee?: string; // a login, 'none' or '*'
  readonly creator?: string;
  readonly milestone?: string; // a number, 'none' or '*'
  readonly mentioned?: string; // a login
}

const SORT_FIELDS = { created: 'created_at', updated: 'updated_at', comments: 'comments' } as const;
const NOTHING: Filter = { _id: { $in: [] } };

@injectable()
export class IssueList {
  constructor(
    @inject(IssueQueries) private readonly issues: IssueQueries,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async list(repositoryId: number, params: IssueListParams, page: Page): Promise<Paged<IssueDocument>> {
    const parts = await Promise.all([
      this.labelFilter(repositoryId, params.labels),
      this.userFilter('assignee_ids', params.assignee),
      this.userFilter('user_id', params.creator),
      this.milestoneFilter(repositoryId, params.milestone),
      this.userFilter('mentioned_ids', params.mentioned),
    ]);
    const filter: Filter = Object.assign(
      { repository_id: repositoryId },
      params.state === 'all' ? {} : { state: params.state },
      params.since === undefined ? {} : { updated_at: { $gte: params.since } },
      ...parts,
    );
    const direction = params.direction === 'asc' ? 1 : -1;
    const sort: SortSpec = { [SORT_FIELDS[params.sort]]: direction, number: direction };
    return this.issues.pagedIssues(filter, sort, page);
  }

  // Every named label must be on the issue; a name the repository lacks matches nothing. One
  // label is an equality (the multikey index then counts its issues too); several, `$all`
  // (walking the issues of the label fewest issues have).
  private async labelFilter(repositoryId: number, names: readonly string[] | undefined): Promise<Filter> {
    if (names === undefined || names.length === 0) return {};
    const labels = await this.issues.labelsByNames(repositoryId, names);
    if (labels.length < new Set(names.map((name) => name.toLowerCase())).size) return NOTHING;
    if (labels.length === 1) return { label_ids: labels[0]!.id };
    const ids = await rarestFirst(
      labels.map((label) => label.id),
      (id) => this.issues.countIssues({ repository_id: repositoryId, label_ids: id }),
    );
    return { label_ids: { $all: ids } };
  }

  // A user mentioned: the ids the issues projection keeps of the users an issue's body and
  // comments @mention (projections/issues/issueMentions.ts), walked by their own index.
  private async userFilter(field: 'assignee_ids' | 'mentioned_ids' | 'user_id', login: string | undefined): Promise<Filter> {
    if (login === undefined) return {};
    if (field === 'assignee_ids' && login === 'none') return { assignee_ids: { $size: 0 } };
    if (field === 'assignee_ids' && login === '*') return { 'assignee_ids.0': { $exists: true } };
    const account = await this.repositories.accountByLogin(login);
    return account ? { [field]: account.id } : NOTHING;
  }

  private async milestoneFilter(repositoryId: number, milestone: string | undefined): Promise<Filter> {
    if (milestone === undefined) return {};
    if (milestone === 'none') return { milestone_id: null };
    if (milestone === '*') return { milestone_id: { $ne: null } };
    const found = /^\d+$/.test(milestone) ? await this.issues.milestoneByNumber(repositoryId, Number(milestone)) : null;
    return found ? { milestone_id: found.id } : NOTHING;
  }
}
