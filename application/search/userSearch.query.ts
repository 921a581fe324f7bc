import { right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { foundTexts, type SearchPage } from './searchResults.js';
import { SearchRunner, type SearchRequest } from './searchRunner.js';
import { userSearch, type UserSearchDocument } from './userSearch.js';

// GET /search/users: the index finds, the users read model answers (an account deleted
// since the index saw it is left out). Every account is public: no visibility to apply.
@injectable()
export class UserSearchQuery {
  constructor(
    @inject(SearchRunner) private readonly runner: SearchRunner,
    @inject(RepositoryQueries) private readonly accounts: RepositoryQueries,
  ) {}

  async search(request: SearchRequest): Promise<Either<SearchError, SearchPage<UserDocument>>> {
    const outcome = await this.runner.search<UserSearchDocument>(userSearch, request);
    if (outcome._tag === 'Left') return outcome;
    const { hits, totalCount, incomplete } = outcome.right;
    const byId = await this.accounts.accountsByIds(hits.map((hit) => hit.document.id));
    const items = hits.flatMap((hit) => {
      const account = byId.get(hit.document.id);
      if (!account) return [];
      const textMatches = foundTexts(hit.document, hit.matches, { login: 'login', name: 'name', email: 'email' });
      return [{ item: account, score: hit.score, textMatches }];
    });
    return right({ totalCount, incomplete, items });
  }
}
