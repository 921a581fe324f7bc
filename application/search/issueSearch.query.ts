import { right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import {
  ISSUES_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  type IssueDocument,
  type LabelDocument,
  type MilestoneDocument,
} from '../issues/issues.readModel.js';
import { PULL_REQUESTS_COLLECTION, type PullRequestDocument } from '../pulls/pullRequests.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { AuthorAssociations, type AuthorAssociation } from '../shared/access/authorAssociations.query.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { Document, ReadModelStore } from '../shared/ports/readModelStore.port.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { IssueSearchDocument } from './issueSearch.document.js';
import { issueSearch } from './issueSearch.js';
import { commentTextMatches } from './issueCommentMatches.js';
import { foundTexts, type FoundText, type SearchPage } from './searchResults.js';
import { SearchRunner, type SearchRequest } from './searchRunner.js';

// One issue or pull request found, with what GitHub's item shows of it.
export interface FoundIssue {
  readonly issue: IssueDocument;
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly users: ReadonlyMap<number, UserDocument>;
  readonly labels: readonly LabelDocument[];
  readonly milestone: MilestoneDocument | null;
  readonly association: AuthorAssociation;
  // Pull requests only.
  readonly draft: boolean | null;
}

// GitHub's text matches for issues: title and body; a comment's are the comment's (issueCommentMatches.ts).
const TEXT_MATCH_PROPERTIES = { title: 'title', body: 'body' };

// A repository's issues are unavailable while its issues are turned off (410 on the issues
// endpoints; GitHub makes them available again when they are turned back on), its pull
// requests are not. Each document carries whether its repository's issues are off, rewritten
// when that changes (the event costs the issues it hides, not every search).
const ISSUES_OFF_LEFT_OUT: SearchFilter = {
  not: {
    and: [
      { field: 'type', op: '=', value: 'issue' },
      { field: 'issues_off', op: '=', value: true },
    ],
  },
};

function withIssuesOffLeftOut(request: SearchRequest): SearchRequest {
  return { ...request, extraFilter: request.extraFilter ? { and: [request.extraFilter, ISSUES_OFF_LEFT_OUT] } : ISSUES_OFF_LEFT_OUT };
}

// GET /search/issues: the index finds, the read models answer. A hit the caller may no longer
// read (the index a moment behind) is left out.
@injectable()
export class IssueSearchQuery {
  constructor(
    @inject(SearchRunner) private readonly runner: SearchRunner,
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(AuthorAssociations) private readonly associations: AuthorAssociations,
  ) {}

  async search(request: SearchRequest): Promise<Either<SearchError, SearchPage<FoundIssue>>> {
    const outcome = await this.runner.search<IssueSearchDocument>(issueSearch, withIssuesOffLeftOut(request));
    if (outcome._tag === 'Left') return outcome;
    const { hits, totalCount, incomplete } = outcome.right;
    const issues = await this.byKeys<IssueDocument>(
      ISSUES_COLLECTION,
      hits.map((hit) => hit.document.id),
    );
    const repositories = new Map((await this.repositories.byIds([...new Set([...issues.values()].map((issue) => issue.repository_id))])).map((r) => [r.id, r]));
    const roleOf = await this.access.rolesFor(request.caller, [...repositories.values()]);
    const readable = [...issues.values()].filter((issue) => {
      const repository = repositories.get(issue.repository_id);
      return repository !== undefined && roleOf(repository) !== 'none';
    });
    const labels = await this.byKeys<LabelDocument>(
      LABELS_COLLECTION,
      readable.flatMap((issue) => issue.label_ids.map(String)),
    );
    const milestones = await this.byKeys<MilestoneDocument>(
      MILESTONES_COLLECTION,
      readable.flatMap((issue) => (issue.milestone_id === null ? [] : [String(issue.milestone_id)])),
    );
    const pullRequests = await this.byKeys<PullRequestDocument>(
      PULL_REQUESTS_COLLECTION,
      readable.flatMap((issue) => (issue.pull_request ? [String(issue.id)] : [])),
    );
    const users = await this.repositories.accountsByIds([
      ...readable.flatMap((issue) => [issue.user_id, ...issue.assignee_ids, ...(issue.closed_by_id === null ? [] : [issue.closed_by_id])]),
      ...[...milestones.values()].map((milestone) => milestone.creator_id),
      ...[...repositories.values()].map((repository) => repository.owner_id),
    ]);
    const associationOf = await this.associations.of(
      request.caller,
      readable.flatMap((issue) => {
        const repository = repositories.get(issue.repository_id);
        return repository ? [{ repository, userId: issue.user_id }] : [];
      }),
    );
    const commentMatches = new Map<string, FoundText[]>();
    for (const hit of hits) {
      const positions = hit.matches?.comments_text;
      if (!request.withTextMatches || positions === undefined || positions.length === 0) continue;
      const issue = issues.get(hit.document.id);
      if (issue === undefined || !readable.includes(issue)) continue;
      commentMatches.set(hit.document.id, await commentTextMatches(this.store, issue.id, hit.document.comments_text, positions));
    }
    const items = hits.flatMap((hit) => {
      const issue = issues.get(hit.document.id);
      const repository = issue && repositories.get(issue.repository_id);
      const owner = repository && users.get(repository.owner_id);
      if (!issue || !repository || !owner || roleOf(repository) === 'none') return [];
      const found: FoundIssue = {
        issue,
        repository,
        owner,
        users,
        labels: issue.label_ids.flatMap((id) => labels.get(String(id)) ?? []),
        milestone: issue.milestone_id === null ? null : (milestones.get(String(issue.milestone_id)) ?? null),
        association: associationOf(repository, issue.user_id),
        draft: issue.pull_request ? (pullRequests.get(String(issue.id))?.draft ?? false) : null,
      };
      const textMatches = [
        ...foundTexts(hit.document, hit.matches, TEXT_MATCH_PROPERTIES).filter(isTitleOrBody),
        ...(commentMatches.get(hit.document.id) ?? []),
      ];
      return [{ item: found, score: hit.score, textMatches }];
    });
    return right({ totalCount, incomplete, items });
  }

  // Documents by _id, at most a page's worth: one indexed look-up.
  private async byKeys<T extends Document & { _id: string }>(collection: string, keys: readonly string[]): Promise<Map<string, T>> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return new Map();
    const documents = await this.store.collection<T>(collection).find({ _id: { $in: unique } });
    return new Map(documents.map((document) => [document._id, document]));
  }
}

const isTitleOrBody = (found: { property: string }): boolean => found.property === 'title' || found.property === 'body';
