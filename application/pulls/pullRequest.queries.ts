import { inject, injectable } from 'inversify';
import type { ReadModelStore, SortSpec } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { compareBy, pageAcross } from '../shared/pageAcross.js';
import { PULL_REQUESTS_COLLECTION, type PullRequestDocument } from './pullRequests.readModel.js';

export interface PullRequestListFilter {
  readonly state: 'open' | 'closed' | 'all';
  // GitHub's head filter `user:ref`, resolved by the caller to the head repositories it may name.
  readonly head?: { readonly repositoryIds: readonly number[]; readonly ref: string };
  readonly base?: string;
  readonly sort: 'created' | 'updated' | 'popularity' | 'long-running';
  readonly direction: 'asc' | 'desc';
  readonly page: number;
  readonly perPage: number;
}

function sortFor(filter: PullRequestListFilter): SortSpec {
  const order = filter.direction === 'asc' ? 1 : -1;
  switch (filter.sort) {
    case 'updated':
      return { updated_at: order, number: order };
    // Without comments or reactions yet every pull request is equally popular: newest first.
    case 'popularity':
    case 'created':
      return { created_at: order, number: order };
    // Age: the longest-running first when descending.
    case 'long-running':
      return { created_at: -order as 1 | -1, number: -order as 1 | -1 };
  }
}

@injectable()
export class PullRequestQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  byNumber(repositoryId: number, number: number): Promise<PullRequestDocument | null> {
    return this.pulls().findOne({ repository_id: repositoryId, number });
  }

  byId(pullRequestId: number): Promise<PullRequestDocument | null> {
    return this.pulls().findOne({ _id: String(pullRequestId) });
  }

  // An open pull request already joining these two branches, as GitHub allows only one.
  async openBetween(baseRepositoryId: number, baseRef: string, headRepositoryId: number, headRef: string, except: number | null = null): Promise<boolean> {
    const open = await this.pulls().find({
      repository_id: baseRepositoryId,
      state: 'open',
      'base.ref': baseRef,
      'head.repository_id': headRepositoryId,
      'head.ref': headRef,
    });
    return open.some((pull) => pull.id !== except);
  }

  // Whether an open pull request has the branch as its head (from any repository's pull
  // request) or its base: one looked for through each index, never a list of them.
  async branchInUse(repositoryId: number, ref: string): Promise<boolean> {
    const [asHead] = await this.pulls().find({ 'head.repository_id': repositoryId, 'head.ref': ref, state: 'open' }, { limit: 1 });
    if (asHead) return true;
    const [asBase] = await this.pulls().find({ repository_id: repositoryId, base_ref: ref, state: 'open' }, { limit: 1 });
    return asBase !== undefined;
  }

  async list(repositoryId: number, filter: PullRequestListFilter): Promise<{ items: PullRequestDocument[]; totalCount: number }> {
    if (filter.head) return this.listOfHead(repositoryId, filter, filter.head);
    const query: Record<string, unknown> = { repository_id: repositoryId };
    if (filter.state !== 'all') query.state = filter.state;
    if (filter.base !== undefined) query.base_ref = filter.base;
    const window = { skip: (filter.page - 1) * filter.perPage, limit: filter.perPage };
    // Every state: the open and the closed runs merged (the indexes pin a state, then sort).
    const items =
      query.state === undefined
        ? await pageAcross(this.pulls(), query, { field: 'state', values: ['open', 'closed'] }, sortFor(filter), window)
        : await this.pulls().find(query, { sort: sortFor(filter), ...window });
    return { items, totalCount: await this.pulls().count(query) };
  }

  // GitHub's `head=user:ref`: the pull requests of that branch, a run per head repository and
  // state (repository × head repository × head ref × state, ordered by the sort) read to the end
  // of the page and merged, counts from the index: a page costs the pages up to it, not the
  // branch's pull requests (a tool asking for a busy branch's first page read them all).
  private async listOfHead(
    repositoryId: number,
    filter: PullRequestListFilter,
    head: NonNullable<PullRequestListFilter['head']>,
  ): Promise<{ items: PullRequestDocument[]; totalCount: number }> {
    const states = filter.state === 'all' ? (['open', 'closed'] as const) : [filter.state];
    const runs = [...new Set(head.repositoryIds)].flatMap((headRepositoryId) =>
      states.map((state) => ({
        repository_id: repositoryId,
        head_repository_id: headRepositoryId,
        head_ref: head.ref,
        state,
        ...(filter.base !== undefined ? { base_ref: filter.base } : {}),
      })),
    );
    const sort = sortFor(filter);
    const skip = (filter.page - 1) * filter.perPage;
    const [read, counts] = await Promise.all([
      Promise.all(runs.map((run) => this.pulls().find(run, { sort, limit: skip + filter.perPage }))),
      Promise.all(runs.map((run) => this.pulls().count(run))),
    ]);
    const items = read
      .flat()
      .sort(compareBy(sort))
      .slice(skip, skip + filter.perPage);
    return { items, totalCount: counts.reduce((sum, count) => sum + count, 0) };
  }

  private pulls() {
    return this.store.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION);
  }
}
