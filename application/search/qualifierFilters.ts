import { parseSearchDate, type QualifierValue } from '../../domain/search/searchQuery.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';

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

// A bound as an instant range: a day is all of that day (UTC), a time is that instant.
function boundOf(text: string): { start: number; end: number } {
  const at = parseSearchDate(text)!;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { start: at, end: at + DAY_MS } : { start: at, end: at + 1 };
}

// Dates on an attribute indexed in milliseconds (indexedTime): `created:2024-01-02` is that
// whole day, `>2024-01-02` begins the day after, `<=2024-01-02` ends with it.
export function dateFilter(field: string, value: QualifierValue): SearchFilter {
  if (value.kind === 'value') {
    const { start, end } = boundOf(value.text);
    return both([
      { field, op: '>=', value: start },
      { field, op: '<', value: end },
    ]);
  }
  const parts: SearchFilter[] = [];
  if (value.from !== null) {
    const bound = boundOf(value.from);
    parts.push({ field, op: '>=', value: value.fromInclusive ? bound.start : bound.end });
  }
  if (value.to !== null) {
    const bound = boundOf(value.to);
    parts.push({ field, op: '<', value: value.toInclusive ? bound.end : bound.start });
  }
  return parts.length === 0 ? { field, op: 'exists' } : both(parts);
}

export function equalsFilter(field: string, value: QualifierValue): SearchFilter {
  return { field, op: '=', value: value.kind === 'value' ? value.text : (value.from ?? value.to ?? '') };
}

export function booleanFilter(field: string, value: QualifierValue): SearchFilter {
  return { field, op: '=', value: value.kind === 'value' && value.text.toLowerCase() === 'true' };
}

export function valueText(value: QualifierValue): string {
  return value.kind === 'value' ? value.text : `${value.from ?? '*'}..${value.to ?? '*'}`;
}
