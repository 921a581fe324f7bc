import { compare } from 'mingo/util';
import type { Document } from '../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject, valuesAtPath } from './documentPaths.js';

// MongoDB's sort where a sort path meets an array: an ascending key sorts the document by the
// smallest value the path reaches (each element of an array, each element's field for a path
// through a list of objects), a descending key by the largest; an empty array sorts below
// null and a missing field (which tie). mingo orders such documents by no consistent rule
// (its comparison of a list with a scalar is not transitive), so those sorts are made here;
// values themselves compare as mingo compares them (BSON's order across types).

// Whether a sort path meets an array in any of these documents (only then is this sort used).
export function arrayOnSortPath(documents: readonly Document[], fields: readonly string[]): boolean {
  for (const document of documents) {
    for (const field of fields) if (meetsArray(document, field)) return true;
  }
  return false;
}

function meetsArray(document: Document, path: string): boolean {
  let value: unknown = document;
  let start = 0;
  while (true) {
    if (Array.isArray(value)) return true;
    if (!isPlainObject(value)) return false;
    const dot = path.indexOf('.', start);
    value = value[dot === -1 ? path.slice(start) : path.slice(start, dot)];
    if (dot === -1) return Array.isArray(value);
    start = dot + 1;
  }
}

// Stands for an empty array as a sort key: below null.
const EMPTY = Symbol('empty array');

// A stable sort: ties keep the order they were given in.
export function sortedWithArrays(documents: readonly Document[], sort: Readonly<Record<string, unknown>>): Document[] {
  const keys = Object.entries(sort).map(([field, direction]) => ({ segments: field.split('.'), direction: direction === -1 ? -1 : 1 }));
  const keyed = documents.map((document) => ({ document, values: keys.map(({ segments, direction }) => sortKey(document, segments, direction)) }));
  keyed.sort((left, right) => {
    for (let i = 0; i < keys.length; i++) {
      const order = compareKeys(left.values[i], right.values[i]);
      if (order !== 0) return order * keys[i]!.direction;
    }
    return 0;
  });
  return keyed.map(({ document }) => document);
}

// The value a document sorts by under one key: the smallest (ascending) or largest
// (descending) the path reaches, missing read as null.
function sortKey(document: Document, segments: readonly string[], direction: number): unknown {
  let key: unknown;
  let first = true;
  for (const reached of valuesAtPath(document, segments)) {
    const value = Array.isArray(reached) && reached.length === 0 ? EMPTY : reached === undefined ? null : reached;
    if (first || compareKeys(value, key) * direction < 0) key = value;
    first = false;
  }
  return key;
}

function compareKeys(left: unknown, right: unknown): number {
  if (left === EMPTY || right === EMPTY) return left === right ? 0 : left === EMPTY ? -1 : 1;
  return compare(left, right);
}
