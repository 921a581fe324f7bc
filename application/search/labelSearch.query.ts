import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import { LABELS_COLLECTION, type LabelDocument } from '../issues/issues.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { labelSearch, type LabelSearchDocument } from './labelSearch.js';
import { foundTexts, type SearchPage } from './searchResults.js';
import { SearchRunner, type SearchRequest } from './searchRunner.js';

export interface FoundLabel {
  readonly label: LabelDocument;
  // owner/name, for the label's URL
  readonly repositoryFullName: string;
}

// GET /search/labels: the labels of one repository the caller may read (404 otherwise, as
// GitHub hides what one may not see), found in the index, answered from the labels model.
@injectable()
export class LabelSearchQuery {
  constructor(
    @inject(SearchRunner) private readonly runner: SearchRunner,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
  ) {}

  async search(request: SearchRequest, repositoryIdParameter: string | undefined): Promise<Either<SearchError, SearchPage<FoundLabel>>> {
    if (repositoryIdParameter === undefined || repositoryIdParameter.trim() === '') return left({ _tag: 'SearchParameterMissing', field: 'repository_id' });
    const repository = await this.readable(request.caller, repositoryIdParameter.trim());
    if (repository === null) return left({ _tag: 'SearchRepositoryNotFound' });
    const owner = (await this.repositories.accountsByIds([repository.owner_id])).get(repository.owner_id);
    if (owner === undefined) return left({ _tag: 'SearchRepositoryNotFound' });
    const outcome = await this.runner.search<LabelSearchDocument>(labelSearch, {
      ...request,
      extraFilter: { field: 'repository_id', op: '=', value: repository.id },
    });
    if (outcome._tag === 'Left') return outcome;
    const { hits, totalCount, incomplete } = outcome.right;
    const ids = hits.map((hit) => String(hit.document.id));
    const labels = ids.length === 0 ? [] : await this.store.collection<LabelDocument>(LABELS_COLLECTION).find({ _id: { $in: ids } });
    const byId = new Map(labels.map((label) => [label.id, label]));
    const repositoryFullName = `${owner.login}/${repository.name}`;
    const items = hits.flatMap((hit) => {
      const label = byId.get(hit.document.id);
      if (!label || label.repository_id !== repository.id) return [];
      const textMatches = foundTexts(hit.document, hit.matches, { name: 'name', description: 'description' });
      return [{ item: { label, repositoryFullName }, score: hit.score, textMatches }];
    });
    return right({ totalCount, incomplete, items });
  }

  // The repository, if it exists and the caller may read it (a token without the repo scope
  // reads public repositories only, as search visibility has it).
  private async readable(caller: AccessCaller, parameter: string): Promise<RepositoryDocument | null> {
    if (!/^\d+$/.test(parameter)) return null;
    const repository = await this.repositories.byId(Number(parameter));
    if (repository === null) return null;
    if (repository.private && caller?.scopes !== undefined && !caller.scopes.includes('repo')) return null;
    return (await this.access.roleFor(caller, repository)) === 'none' ? null : repository;
  }
}
