import type { SearchDocument, SearchQuery } from '../../../application/shared/ports/searchIndex.port.js';
import { valuesAtPath } from './documentPath.js';
import { normalizedFacet } from './searchFilter.evaluate.js';

type SortSpec = NonNullable<SearchQuery['sort']>[number];
type Direction = SortSpec['direction'];

// The value a document sorts by. Meilisearch walks numbers before strings in both
// directions and puts documents without the attribute last; an array sorts by its first
// value met in that walk (smallest ascending, largest descending); booleans are strings.
export type SortKey = number | string | undefined;

function pick(values: readonly (number | string)[], direction: Direction): SortKey {
  if (values.length === 0) return undefined;
  return values.reduce((best, value) => ((direction === 'asc' ? value < best : value > best) ? value : best));
}

export function sortKey(document: SearchDocument, field: string, direction: Direction): SortKey {
  const values = valuesAtPath(document, field);
  const numbers = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (numbers.length > 0) return pick(numbers, direction);
  const strings = values.filter((value) => typeof value === 'string' || typeof value === 'boolean').map((value) => normalizedFacet(String(value)));
  return pick(strings, direction);
}

function kindRank(key: SortKey): number {
  if (typeof key === 'number') return 0;
  return typeof key === 'string' ? 1 : 2;
}

export function compareSortKeys(left: SortKey, right: SortKey, direction: Direction): number {
  const byKind = kindRank(left) - kindRank(right);
  if (byKind !== 0 || left === undefined || right === undefined) return byKind;
  const ascending = left < right ? -1 : left > right ? 1 : 0;
  return direction === 'asc' ? ascending : -ascending;
}

export interface RankedDocument {
  readonly document: SearchDocument;
  readonly score: number;
  // The document's sort keys, computed once when first compared.
  sortKeys?: SortKey[];
}

// The full order of a result set: the requested sort, then score (higher first), then
// primary key ascending, so equal documents never trade places between pages.
export function rankedOrder(sort: readonly SortSpec[], primaryKey: string): (a: RankedDocument, b: RankedDocument) => number {
  // Best match alone (the default): no sort keys to compute or remember.
  if (sort.length === 0) return (a, b) => (a.score !== b.score ? b.score - a.score : comparePrimaryKeys(a.document[primaryKey], b.document[primaryKey]));
  const keysOf = (ranked: RankedDocument): SortKey[] => (ranked.sortKeys ??= sort.map(({ field, direction }) => sortKey(ranked.document, field, direction)));
  return (a, b) => {
    const [aKeys, bKeys] = [keysOf(a), keysOf(b)];
    for (const [position, { direction }] of sort.entries()) {
      const byField = compareSortKeys(aKeys[position], bKeys[position], direction);
      if (byField !== 0) return byField;
    }
    if (a.score !== b.score) return b.score - a.score;
    return comparePrimaryKeys(a.document[primaryKey], b.document[primaryKey]);
  };
}

function comparePrimaryKeys(left: unknown, right: unknown): number {
  const asKey = (value: unknown): SortKey => (typeof value === 'number' ? value : normalizedFacet(String(value)));
  const byKey = compareSortKeys(asKey(left), asKey(right), 'asc');
  if (byKey !== 0) return byKey;
  const [a, b] = [String(left), String(right)];
  return a < b ? -1 : a > b ? 1 : 0;
}
