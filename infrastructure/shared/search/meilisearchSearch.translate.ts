import type { Hit, Settings } from 'meilisearch';
import type { IndexSettings, MatchPosition, SearchDocument, SearchHit, SearchQuery } from '../../../application/shared/ports/searchIndex.port.js';
import { stringAtPath } from './documentPath.js';

// The port's settings as Meilisearch settings, tuned to answer as the embedded index does:
// `sort` ranks first (GitHub's `sort=stars` orders results before relevance does), the
// primary key breaks every remaining tie so pages are stable, no typo tolerance (GitHub has
// none), and `maxTotalHits` bounds how far exact totals and paging reach.
export function meilisearchSettings(settings: IndexSettings, maxTotalHits: number): Settings {
  const { primaryKey } = settings;
  return {
    searchableAttributes: [...settings.searchableAttributes],
    filterableAttributes: [...settings.filterableAttributes],
    sortableAttributes: [...new Set([...settings.sortableAttributes, primaryKey])],
    rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', `${primaryKey}:asc`],
    typoTolerance: { enabled: false },
    pagination: { maxTotalHits },
  };
}

export function sortExpressions(sort: SearchQuery['sort']): string[] | undefined {
  if (sort === undefined || sort.length === 0) return undefined;
  return sort.map(({ field, direction }) => `${field}:${direction}`);
}

export interface PageWindow {
  readonly page: number; // 1-based
  readonly hitsPerPage: number;
  readonly skip: number; // hits to drop from the start of that page
}

// Only page/hitsPerPage makes Meilisearch count hits exhaustively (totalHits), so an
// offset/limit window is served from the smallest page that contains it whole.
export function pageWindow(offset: number, limit: number): PageWindow {
  if (limit === 0) return { page: 1, hitsPerPage: 0, skip: 0 };
  let hitsPerPage = limit;
  while (Math.floor(offset / hitsPerPage) !== Math.floor((offset + limit - 1) / hitsPerPage)) hitsPerPage += 1;
  const page = Math.floor(offset / hitsPerPage) + 1;
  return { page, hitsPerPage, skip: offset - (page - 1) * hitsPerPage };
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

// Meilisearch reports UTF-8 byte offsets; the port speaks JavaScript string (UTF-16) offsets.
// An offset inside a character rounds down to that character's start.
export function utf16Offset(text: string, byteOffset: number): number {
  let bytes = 0;
  let units = 0;
  for (const character of text) {
    bytes += utf8Length(character.codePointAt(0)!);
    if (bytes > byteOffset) break;
    units += character.length;
  }
  return units;
}

type MeilisearchBounds = { start: number; length: number; indices?: number[] };

// Only searchable attributes holding one string, as the embedded index reports: Meilisearch
// also reports array elements (with `indices`) and displayed attributes that are not searched.
export function matchPositionsFrom(
  document: SearchDocument,
  matchesPosition: Readonly<Record<string, readonly MeilisearchBounds[] | undefined>>,
  searchableAttributes: readonly string[],
): Record<string, MatchPosition[]> {
  const matches: Record<string, MatchPosition[]> = {};
  for (const attribute of searchableAttributes) {
    const text = stringAtPath(document, attribute);
    const bounds = (matchesPosition[attribute] ?? []).filter((bound) => bound.indices === undefined);
    if (text === undefined || bounds.length === 0) continue;
    matches[attribute] = bounds
      .map(({ start, length }) => {
        const characterStart = utf16Offset(text, start);
        return { start: characterStart, length: utf16Offset(text, start + length) - characterStart };
      })
      .sort((left, right) => left.start - right.start);
  }
  return matches;
}

export function searchHitFrom<T extends SearchDocument>(hit: Hit, searchableAttributes: readonly string[], withMatchPositions: boolean): SearchHit<T> {
  const { _rankingScore, _matchesPosition, _formatted, _rankingScoreDetails, _federation, ...fields } = hit;
  const document = fields as T;
  const score = _rankingScore ?? 0;
  if (!withMatchPositions) return { document, score };
  const positions = (_matchesPosition ?? {}) as Record<string, MeilisearchBounds[] | undefined>;
  return { document, score, matches: matchPositionsFrom(document, positions, searchableAttributes) };
}
