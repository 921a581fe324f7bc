import type { Request, Response } from 'express';
import { basePathOf, requestBase } from './apiUrls.js';

export interface Pagination {
  readonly page: number;
  readonly perPage: number;
}

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;

// GitHub reads numbers the way Ruby's String#to_i does: leading digits count ("5abc" is 5),
// anything unreadable or below 1 falls back to the default, per_page above 100 becomes 100.
// A number too large for a double stays large (the largest safe one), as Ruby's is a bignum:
// a page beyond every end is empty, not the first.
export function parsePagination(query: Record<string, unknown>): Pagination {
  const page = leadingInteger(lastValue(query.page));
  const perPage = leadingInteger(lastValue(query.per_page));
  return {
    page: page !== undefined && page >= 1 ? page : 1,
    perPage: perPage !== undefined && perPage >= 1 ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
  };
}

// A repeated parameter takes its last value, as Rails does.
function lastValue(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function leadingInteger(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const digits = /^\s*([+-]?\d+)/.exec(value);
  if (!digits) return undefined;
  const parsed = Number.parseInt(digits[1], 10);
  if (Number.isSafeInteger(parsed)) return parsed;
  return parsed > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
}

export interface PageLinkParams {
  readonly page: number;
  readonly perPage: number;
  readonly totalCount: number;
}

// GitHub's order is prev, next, last, first; next/last only before the last page and
// prev/first only after the first, so a single page carries no Link header at all. Past the
// last page GitHub keeps last and points prev at the last page (not at the page before the
// one asked for), so a client that overshot finds the results again by following prev.
export function setLinkHeader(req: Request, res: Response, { page, perPage, totalCount }: PageLinkParams): void {
  const lastPage = Math.max(1, Math.ceil(totalCount / perPage));
  const links: string[] = [];
  if (page > 1) links.push(pageLink(req, Math.min(page - 1, lastPage), 'prev'));
  if (page < lastPage) links.push(pageLink(req, page + 1, 'next'));
  if (page !== lastPage) links.push(pageLink(req, lastPage, 'last'));
  if (page > 1) links.push(pageLink(req, 1, 'first'));
  if (links.length > 0) res.setHeader('Link', links.join(', '));
}

// For cursor-paginated lists (GET /users?since=): only the way forward is known.
export function setNextLinkHeader(req: Request, res: Response, params: Record<string, string>): void {
  res.setHeader('Link', `<${urlWithQuery(req, params)}>; rel="next"`);
}

function pageLink(req: Request, page: number, rel: string): string {
  return `<${urlWithQuery(req, { page: String(page) })}>; rel="${rel}"`;
}

// Absolute, from the request as the client sent it: the original path (not the one seen
// inside a mounted router) and every other query parameter, per_page included, kept. A
// per_page sent more than once was read once, as its last value (parsePagination): the links
// carry that one value where the first stood, so the pages they name are the ones counted.
function urlWithQuery(req: Request, replacements: Record<string, string>): string {
  // Split by hand: new URL() would read a path starting with "//" as a host.
  const queryStart = req.originalUrl.indexOf('?');
  const path = queryStart < 0 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
  const query = new URLSearchParams(queryStart < 0 ? '' : req.originalUrl.slice(queryStart + 1));
  const perPages = query.getAll('per_page');
  if (perPages.length > 1) query.set('per_page', perPages[perPages.length - 1]!);
  for (const [name, value] of Object.entries(replacements)) query.set(name, value);
  // The configured base URL when there is one (resolveApiUrls puts it in res.locals).
  const base = (req.res?.locals.urls as { base?: string } | undefined)?.base ?? requestBase(req);
  // A base ending in /api/v3 already says what a request under /api/v3 began with.
  const basePath = basePathOf(base);
  const routed = basePath !== '' && (path === basePath || path.startsWith(`${basePath}/`)) ? path.slice(basePath.length) : path;
  return `${base}${routed}?${query.toString()}`;
}
