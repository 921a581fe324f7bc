import { compare } from 'mingo/util';
import type { Document, SortSpec } from '../../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject, keyOf, text } from './generator.js';

// MongoDB's sort where a sort path meets an array, as its manual states it: ascending, a
// document sorts by the smallest value its path reaches; descending, by the largest; an empty
// array below null and missing (which tie). Values compare as mingo compares them (BSON's
// order across types). Written apart from the store's (arraySort.ts there).

const EMPTY_ARRAY = { emptyArray: true };

// Every value a path reaches: an array's elements where it ends at one, each object
// element's field where it goes through one (or the element at a numeric segment).
function reached(value: unknown, segments: readonly string[]): unknown[] {
  if (segments.length === 0) {
    if (!Array.isArray(value)) return [value === undefined ? null : value];
    return value.length === 0 ? [EMPTY_ARRAY] : value.map((element) => (element === undefined ? null : element));
  }
  const [segment, ...rest] = segments;
  if (Array.isArray(value)) {
    const found: unknown[] = [];
    if (/^\d+$/.test(segment!)) found.push(...reached(value[Number(segment)], rest));
    for (const element of value) if (isPlainObject(element)) found.push(...reached(element, segments));
    return found.length === 0 ? [null] : found;
  }
  return isPlainObject(value) ? reached(value[segment!], rest) : [null];
}

function order(left: unknown, right: unknown): number {
  if (left === EMPTY_ARRAY || right === EMPTY_ARRAY) return left === right ? 0 : left === EMPTY_ARRAY ? -1 : 1;
  return compare(left, right);
}

function keyOfDocument(document: Document, path: string, direction: number): unknown {
  const values = reached(document, path.split('.'));
  return values.reduce((best, value) => (order(value, best) * direction < 0 ? value : best));
}

function compareDocuments(left: Document, right: Document, sort: SortSpec): number {
  for (const [path, direction] of Object.entries(sort)) {
    const sign = direction === -1 ? -1 : 1;
    const result = order(keyOfDocument(left, path, sign), keyOfDocument(right, path, sign)) * sign;
    if (result !== 0) return result;
  }
  return 0;
}

// The first problem with a sorted page where a sort path meets an array, or null: each
// document of the page tied with the one MongoDB's order puts at its place.
export function arraySortProblem(matched: Document[], page: Document[], sort: SortSpec, skip: number, limit: number): string | null {
  const expected = [...matched].sort((left, right) => compareDocuments(left, right, sort)).slice(skip, limit > 0 ? skip + limit : undefined);
  for (const [i, document] of page.entries()) {
    if (compareDocuments(document, expected[i]!, sort) !== 0) {
      return `page ${page.map((one) => keyOf(one._id)).join(',')} where MongoDB's array sort gives ${expected.map((one) => keyOf(one._id)).join(',')} (position ${i}: ${text(document)}, expected ${text(expected[i])})`;
    }
  }
  return null;
}
