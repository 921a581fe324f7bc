import type { Request, Response } from 'express';
import type { Either } from 'fp-ts/lib/Either.js';
import type { SearchError } from '../../../domain/search/search.errors.js';
import type { Found, SearchPage, TextMatchSubject } from '../../../application/search/searchResults.js';
import { SEARCH_RESULT_CAP, type SearchRequest } from '../../../application/search/searchRunner.js';
import { callerOf } from '../shared/caller.js';
import { mediaTypeOf } from '../shared/mediaType.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { sendAppError } from '../shared/respond.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import { textMatchesJson } from './textMatches.js';

export function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === 'string' ? last : undefined;
}

// The parameters every search endpoint takes: q, sort, order, page, per_page; the caller;
// whether the text-match media type asked for text_matches.
export function searchRequestOf(req: Request, res: Response): SearchRequest {
  const caller = callerOf(res);
  const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
  return {
    q: queryText(req, 'q'),
    sort: queryText(req, 'sort'),
    order: queryText(req, 'order'),
    page,
    perPage,
    caller: accessCallerOf(res),
    callerLogin: caller.kind === 'user' ? caller.login : null,
    withTextMatches: mediaTypeOf(res).format === 'text-match',
  };
}

// GitHub's answer: total_count, incomplete_results, items (each with its score, and its
// text_matches under the text-match media type); Link pages reach the 1,000th result at most.
export async function sendSearchPage<T>(
  req: Request,
  res: Response,
  request: SearchRequest,
  page: Either<SearchError, SearchPage<T>>,
  encode: (item: T) => Record<string, unknown>,
  objectUrl: (item: T) => string,
  objectType: string,
  subjectUrl?: (item: T, subject: TextMatchSubject) => string,
): Promise<void> {
  if (page._tag === 'Left') return sendAppError(res, page.left);
  const { totalCount, incomplete, items } = page.right;
  setLinkHeader(req, res, { page: request.page, perPage: request.perPage, totalCount: Math.min(totalCount, SEARCH_RESULT_CAP) });
  // Results are not to be kept, as api.github.com says of every search (other reads: a minute).
  res.setHeader('cache-control', 'no-cache');
  res.json({
    total_count: totalCount,
    incomplete_results: incomplete,
    items: items.map((found: Found<T>) => ({
      ...encode(found.item),
      score: found.score,
      ...(request.withTextMatches
        ? { text_matches: textMatchesJson(found, objectUrl(found.item), objectType, subjectUrl && ((subject) => subjectUrl(found.item, subject))) }
        : {}),
    })),
  });
}
