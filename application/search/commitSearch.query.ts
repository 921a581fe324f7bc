import { right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import type { RepositoryPermission } from '../../domain/shared/access.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import { commitSearch } from './commitSearch.js';
import type { CommitSearchDocument } from './commitSearchDocument.js';
import { foundTexts, type SearchPage } from './searchResults.js';
import { SearchRunner, type SearchRequest } from './searchRunner.js';

export interface FoundCommit {
  readonly commit: CommitSearchDocument;
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly role: RepositoryPermission;
  // The accounts the commit's emails named when it was indexed, if they still exist.
  readonly author: UserDocument | null;
  readonly committer: UserDocument | null;
}

// GET /search/commits: the commit as the index holds it (git objects never change), its
// repository and accounts from the live read models. A hit the caller may no longer read
// (the index a moment behind) is left out.
@injectable()
export class CommitSearchQuery {
  constructor(
    @inject(SearchRunner) private readonly runner: SearchRunner,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  async search(request: SearchRequest): Promise<Either<SearchError, SearchPage<FoundCommit>>> {
    const outcome = await this.runner.search<CommitSearchDocument>(commitSearch, request);
    if (outcome._tag === 'Left') return outcome;
    const { hits, totalCount, incomplete } = outcome.right;
    const repositoryIds = [...new Set(hits.map((hit) => hit.document.repository_id))];
    const byId = new Map((await this.repositories.byIds(repositoryIds)).map((repository) => [repository.id, repository]));
    const accounts = await this.repositories.accountsByIds([
      ...[...byId.values()].map((repository) => repository.owner_id),
      ...hits.flatMap((hit) => [hit.document.author_id, hit.document.committer_id]).filter((id): id is number => id !== null),
    ]);
    const accountOf = (id: number | null): UserDocument | null => (id === null ? null : (accounts.get(id) ?? null));
    const roleOf = await this.access.rolesFor(request.caller, [...byId.values()]);
    const items = hits.flatMap((hit) => {
      const commit = hit.document;
      const repository = byId.get(commit.repository_id);
      const owner = repository && accounts.get(repository.owner_id);
      if (!repository || !owner) return [];
      const role = roleOf(repository);
      if (role === 'none') return [];
      const textMatches = foundTexts(commit, hit.matches, { message: 'message' });
      return [
        {
          item: { commit, repository, owner, role, author: accountOf(commit.author_id), committer: accountOf(commit.committer_id) },
          score: hit.score,
          textMatches,
        },
      ];
    });
    return right({ totalCount, incomplete, items });
  }
}
