import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import type { SearchTerm } from '../../domain/search/searchQuery.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';

export const SCOPE_QUALIFIERS = ['user', 'org', 'repo'] as const;

type Qualifier = Extract<SearchTerm, { kind: 'qualifier' }>;

// The user:, org: and repo: qualifiers of one alternative as one filter on the documents'
// owner_id and repository_id. A name that does not exist, or a repository the caller may not
// read, is dropped when another named one is readable, and refused (GitHub's 422) when none is.
@injectable()
export class SearchScope {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  async filterFor(terms: readonly Qualifier[], caller: AccessCaller): Promise<Either<SearchError, SearchFilter | null>> {
    const positive = terms.filter((term) => !term.negated);
    const negative = terms.filter((term) => term.negated);
    const reached: SearchFilter[] = [];
    for (const term of positive) {
      const filter = await this.resolve(term, caller);
      if (filter !== null) reached.push(filter);
    }
    if (positive.length > 0 && reached.length === 0) return left({ _tag: 'SearchScopeHidden' });
    const excluded: SearchFilter[] = [];
    for (const term of negative) {
      const filter = await this.resolve(term, caller);
      if (filter !== null) excluded.push({ not: filter });
    }
    const parts = [...(reached.length > 0 ? [reached.length === 1 ? reached[0]! : { or: reached }] : []), ...excluded];
    if (parts.length === 0) return right(null);
    return right(parts.length === 1 ? parts[0]! : { and: parts });
  }

  private async resolve(term: Qualifier, caller: AccessCaller): Promise<SearchFilter | null> {
    if (term.value.kind !== 'value') return null;
    const text = term.value.text;
    if (term.key === 'repo') {
      const [ownerLogin, name] = text.split('/') as [string, string | undefined];
      if (name === undefined) return null;
      const owner = await this.repositories.accountByLogin(ownerLogin);
      const repository = owner === null ? null : await this.repositories.byOwnerAndName(owner.id, name);
      if (repository === null || (await this.access.roleFor(caller, repository)) === 'none') return null;
      return { field: 'repository_id', op: '=', value: repository.id };
    }
    const account = await this.repositories.accountByLogin(text);
    if (account === null) return null;
    if (term.key === 'org' && account.type !== 'Organization') return null;
    return { field: 'owner_id', op: '=', value: account.id };
  }
}
