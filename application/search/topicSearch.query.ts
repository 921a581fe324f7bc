import { right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import { foundTexts, type SearchPage } from './searchResults.js';
import { SearchRunner, type SearchRequest } from './searchRunner.js';
import { topicSearch, type TopicSearchDocument } from './topicSearch.js';

// GET /search/topics: the topics index is itself the answer (it counts public repositories
// only, so nothing in it needs hiding from anyone).
@injectable()
export class TopicSearchQuery {
  constructor(@inject(SearchRunner) private readonly runner: SearchRunner) {}

  async search(request: SearchRequest): Promise<Either<SearchError, SearchPage<TopicSearchDocument>>> {
    const outcome = await this.runner.search<TopicSearchDocument>(topicSearch, request);
    if (outcome._tag === 'Left') return outcome;
    const { hits, totalCount, incomplete } = outcome.right;
    const items = hits.map((hit) => ({ item: hit.document, score: hit.score, textMatches: foundTexts(hit.document, hit.matches, { name: 'name' }) }));
    return right({ totalCount, incomplete, items });
  }
}
