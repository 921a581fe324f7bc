import { parseSearchDate, type QualifierValue, type SearchTerm } from '../../domain/search/searchQuery.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import { languageNamed } from './languageAliases.js';

const DAY_MS = 24 * 3600_000;

function both(parts: SearchFilter[]): SearchFilter {
  return parts.length === 1 ? parts[0]! : { and: parts };
}

// n, >n, >=n, <n, <=n, a..b, *..b, a..* on a numeric attribute.
export function numberFilter(field: string, value: QualifierValue): SearchFilter {
  if (value.kind === 'value') return { field, op: '=', value: Number(value.text) };
  const parts: SearchFilter[] = [];
  if (value.from !== null) parts.push({ field, op: value.fromInclusive ? '>=' : '>', value: Number(value.from) });
  if (value.to !== null) parts.push({ field, op: value.toInclusive ? '<=' : '<', value: Number(value.to) });
  return parts.length === 0 ? { field, op: 'exists' } : both(parts);
}

// A bound as an instant range: a day is all of that day (UTC), a time is that instant; null
// when it is not a date.
function boundOf(text: string): { start: number; end: number } | null {
  const at = parseSearchDate(text);
  if (at === null) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { start: at, end: at + DAY_MS } : { start: at, end: at + 1 };
}

// The instants a date qualifier means, from `gte` (inclusive) to `lt` (exclusive), either end
// open: `created:2024-01-02` is that whole day, `>2024-01-02` begins the day after,
// `<=2024-01-02` ends with it. Null when a bound is not a date.
export function instantRange(value: QualifierValue): { readonly gte?: number; readonly lt?: number } | null {
  if (value.kind === 'value') {
    const day = boundOf(value.text);
    return day && { gte: day.start, lt: day.end };
  }
  const from = value.from === null ? undefined : boundOf(value.from);
  const to = value.to === null ? undefined : boundOf(value.to);
  if (from === null || to === null) return null;
  return {
    ...(from ? { gte: value.fromInclusive ? from.start : from.end } : {}),
    ...(to ? { lt: value.toInclusive ? to.end : to.start } : {}),
  };
}

// Dates on an attribute indexed in milliseconds (indexedTime), their bounds checked already.
export function dateFilter(field: string, value: QualifierValue): SearchFilter {
  const range = instantRange(value)!;
  const parts: SearchFilter[] = [];
  if (range.gte !== undefined) parts.push({ field, op: '>=', value: range.gte });
  if (range.lt !== undefined) parts.push({ field, op: '<', value: range.lt });
  return parts.length === 0 ? { field, op: 'exists' } : both(parts);
}

export function equalsFilter(field: string, value: QualifierValue): SearchFilter {
  return { field, op: '=', value: value.kind === 'value' ? value.text : (value.from ?? value.to ?? '') };
}

// language: on an attribute holding linguist's name of a language; an alias names its language.
export function languageFilter(field: string, value: QualifierValue): SearchFilter {
  return { field, op: '=', value: languageNamed(valueText(value)) };
}

export function booleanFilter(field: string, value: QualifierValue): SearchFilter {
  return { field, op: '=', value: value.kind === 'value' && value.text.toLowerCase() === 'true' };
}

export function valueText(value: QualifierValue): string {
  return value.kind === 'value' ? value.text : `${value.from ?? '*'}..${value.to ?? '*'}`;
}

// GitHub leaves forks out of repository and commit search unless the query names them:
// fork:true adds them, fork:only (or is:fork) keeps only them.
export function forksLeftOut(terms: readonly SearchTerm[]): SearchFilter[] {
  const asksForForks = terms.some(
    (term) =>
      term.kind === 'qualifier' && (term.key === 'fork' || (term.key === 'is' && term.value.kind === 'value' && term.value.text.toLowerCase() === 'fork')),
  );
  return asksForForks ? [] : [{ field: 'fork', op: '=', value: false }];
}

export const ONLY_FORKS: SearchFilter = { field: 'fork', op: '=', value: true };

// fork:only keeps only forks; fork:true (anything else) filters nothing, forksLeftOut having let them in.
export function forkFilter(value: QualifierValue): SearchFilter | null {
  return value.kind === 'value' && value.text.toLowerCase() === 'only' ? ONLY_FORKS : null;
}
