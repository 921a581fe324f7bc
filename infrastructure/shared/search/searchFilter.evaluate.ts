import type { FilterValue, SearchDocument, SearchFilter } from '../../../application/shared/ports/searchIndex.port.js';
import { hasPath, isCoveredBy, valuesAtPath } from './documentPath.js';

// Evaluates the parsed filter in process with Meilisearch's semantics, so both adapters
// answer alike: a filter value is a token compared with a number as a number (when it reads
// as one) and with a string or boolean as trimmed, case-insensitive text; an array attribute
// matches when any element does; `!=` is the complement of `=` (a missing attribute
// matches it); comparisons see only values of the token's kind.

type RangeOperator = '<' | '<=' | '>' | '>=';

const FINITE_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function tokenAsNumber(token: string): number | undefined {
  if (!FINITE_NUMBER.test(token)) return undefined;
  const number = Number(token);
  return Number.isFinite(number) ? number : undefined;
}

export function normalizedFacet(text: string): string {
  return text.trim().toLowerCase();
}

function equalsToken(value: unknown, token: string): boolean {
  if (typeof value === 'number') return tokenAsNumber(token) === value;
  if (typeof value === 'string' || typeof value === 'boolean') {
    return normalizedFacet(String(value)) === normalizedFacet(token);
  }
  return false;
}

function holds(operator: RangeOperator, comparison: number): boolean {
  switch (operator) {
    case '<':
      return comparison < 0;
    case '<=':
      return comparison <= 0;
    case '>':
      return comparison > 0;
    case '>=':
      return comparison >= 0;
  }
}

function comparesToToken(value: unknown, operator: RangeOperator, token: string): boolean {
  const number = tokenAsNumber(token);
  if (number !== undefined) return typeof value === 'number' && holds(operator, value - number);
  if (typeof value !== 'string') return false;
  const [left, right] = [normalizedFacet(value), normalizedFacet(token)];
  return holds(operator, left < right ? -1 : left > right ? 1 : 0);
}

function anyEquals(document: SearchDocument, field: string, values: readonly FilterValue[]): boolean {
  const tokens = values.map(String);
  return valuesAtPath(document, field).some((value) => tokens.some((token) => equalsToken(value, token)));
}

export function matchesFilter(document: SearchDocument, filter: SearchFilter): boolean {
  if ('and' in filter) return filter.and.every((part) => matchesFilter(document, part));
  if ('or' in filter) return filter.or.some((part) => matchesFilter(document, part));
  if ('not' in filter) return !matchesFilter(document, filter.not);
  switch (filter.op) {
    case 'exists':
      return hasPath(document, filter.field);
    case 'in':
      return anyEquals(document, filter.field, filter.values);
    case '=':
      return anyEquals(document, filter.field, [filter.value]);
    case '!=':
      return !anyEquals(document, filter.field, [filter.value]);
    default: {
      const { op, value } = filter;
      return valuesAtPath(document, filter.field).some((found) => comparesToToken(found, op, String(value)));
    }
  }
}

function filterFields(filter: SearchFilter): string[] {
  if ('and' in filter) return filter.and.flatMap(filterFields);
  if ('or' in filter) return filter.or.flatMap(filterFields);
  if ('not' in filter) return filterFields(filter.not);
  return [filter.field];
}

function filterValues(filter: SearchFilter): FilterValue[] {
  if ('and' in filter) return filter.and.flatMap(filterValues);
  if ('or' in filter) return filter.or.flatMap(filterValues);
  if ('not' in filter) return filterValues(filter.not);
  if (filter.op === 'exists') return [];
  return filter.op === 'in' ? [...filter.values] : [filter.value];
}

// Meilisearch refuses a filter on an attribute that is not filterable, and JSON has no NaN or
// Infinity to compare with; the embedded index refuses the same filters.
export function assertValidFilter(filter: SearchFilter, filterableAttributes: readonly string[]): void {
  for (const field of filterFields(filter)) {
    if (!isCoveredBy(field, filterableAttributes)) throw new Error(`attribute ${field} is not filterable`);
  }
  for (const value of filterValues(filter)) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`filter value ${value} is not a finite number`);
  }
}
