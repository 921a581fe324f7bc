import { right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import type { RepositoryPermission } from '../../domain/shared/access.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import { repositorySearch } from './repositorySearch.js';
import { foundTexts, type SearchPage } from './searchResults.js';
import { SearchRunner, type SearchRequest } from './searchRunner.js';

export interface FoundRepository {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly role: RepositoryPermission;
  readonly openIssues: number;
  // The language of most bytes on the default branch, as the index read it (null: none).
  readonly language: string | null;
}

// GET /search/repositories: the index finds, the read models answer. A hit the caller may no
// longer read (the index a moment behind) is left out.
@injectable()
export class RepositorySearchQuery {
  constructor(
    @inject(SearchRunner) private readonly runner: SearchRunner,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  async search(request: SearchRequest): Promise<Either<SearchError, SearchPage<FoundRepository>>> {
    const outcome = await this.runner.search(repositorySearch, request);
    if (outcome._tag === 'Left') return outcome;
    const { hits, totalCount, incomplete } = outcome.right;
    const ids = hits.map((hit) => Number(hit.document.id));
    const byId = new Map((await this.repositories.byIds(ids)).map((repository) => [repository.id, repository]));
    const owners = await this.repositories.accountsByIds([...byId.values()].map((repository) => repository.owner_id));
    const openIssues = await this.repositories.openIssuesOf(ids);
    const roleOf = await this.access.rolesFor(request.caller, [...byId.values()]);
    const items = hits.flatMap((hit) => {
      const repository = byId.get(Number(hit.document.id));
      const owner = repository && owners.get(repository.owner_id);
      if (!repository || !owner) return [];
      const role = roleOf(repository);
      if (role === 'none') return [];
      const textMatches = foundTexts(hit.document, hit.matches, { name: 'name', description: 'description' });
      const language = typeof hit.document.language === 'string' && hit.document.language !== '' ? hit.document.language : null;
      return [{ item: { repository, owner, role, openIssues: openIssues.get(repository.id) ?? 0, language }, score: hit.score, textMatches }];
    });
    return right({ totalCount, incomplete, items });
  }
}
