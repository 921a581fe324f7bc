import type { FilterValue, SearchFilter } from '../../../application/shared/ports/searchIndex.port.js';

// The parsed filter as a Meilisearch filter expression. `true` means "no filter" and `false`
// "matches nothing": Meilisearch has no literal for either, and an empty `in`, `and` or `or`
// folds to one of them, so the adapter can skip the filter or the request.
export type MeilisearchFilter = string | boolean;

const KEYWORDS = new Set(['AND', 'OR', 'IN', 'NOT', 'TO', 'EXISTS', 'IS', 'NULL', 'EMPTY', 'CONTAINS', 'STARTS', 'WITH']);
const BARE_WORD = /^[\p{L}\p{N}_.-]+$/u;
const BARE_NUMBER = /^-?[0-9.eE-]+$/;

// Inside double quotes Meilisearch unescapes \" and then \\, so both are escaped here.
export function quoted(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

// Reserved names (`_geoRadius`, `_vectors`) and keywords only parse as attributes when quoted.
function attribute(field: string): string {
  const bare = BARE_WORD.test(field) && !KEYWORDS.has(field) && !field.startsWith('_');
  return bare ? field : quoted(field);
}

function literal(value: FilterValue): string {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return quoted(value);
  if (!Number.isFinite(value)) throw new Error(`filter value ${value} is not a finite number`);
  const text = String(value);
  return BARE_NUMBER.test(text) ? text : quoted(text);
}

function combined(parts: readonly MeilisearchFilter[], operator: 'AND' | 'OR'): MeilisearchFilter {
  // `false` decides an AND, `true` decides an OR; the other constant drops out.
  const deciding = operator === 'OR';
  if (parts.includes(deciding)) return deciding;
  const expressions = parts.filter((part): part is string => typeof part === 'string');
  if (expressions.length === 0) return !deciding;
  if (expressions.length === 1) return expressions[0]!;
  return expressions.map((expression) => `(${expression})`).join(` ${operator} `);
}

export function meilisearchFilter(filter: SearchFilter): MeilisearchFilter {
  if ('and' in filter) return combined(filter.and.map(meilisearchFilter), 'AND');
  if ('or' in filter) return combined(filter.or.map(meilisearchFilter), 'OR');
  if ('not' in filter) {
    const inner = meilisearchFilter(filter.not);
    return typeof inner === 'boolean' ? !inner : `NOT (${inner})`;
  }
  switch (filter.op) {
    case 'exists':
      return `${attribute(filter.field)} EXISTS`;
    case 'in':
      if (filter.values.length === 0) return false;
      return `${attribute(filter.field)} IN [${filter.values.map(literal).join(', ')}]`;
    default:
      return `${attribute(filter.field)} ${filter.op} ${literal(filter.value)}`;
  }
}
