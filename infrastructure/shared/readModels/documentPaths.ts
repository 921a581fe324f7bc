import type { Document } from '../../../application/shared/ports/readModelStore.port.js';

const NUMERIC_SEGMENT = /^\d+$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Every value a dotted path reaches, expanding arrays as MongoDB's multikey indexes do:
// {a: [{b: 1}, {b: 2}]} at 'a.b' gives [1, 2]; a missing field gives [undefined].
export function valuesAtPath(value: unknown, segments: readonly string[]): unknown[] {
  if (segments.length === 0) {
    if (!Array.isArray(value)) return [value];
    return value.length === 0 ? [value] : value;
  }
  const [segment, ...rest] = segments;
  if (Array.isArray(value)) {
    const fromElements = value.flatMap((element) => (isPlainObject(element) ? valuesAtPath(element, segments) : []));
    const positional = NUMERIC_SEGMENT.test(segment) ? valuesAtPath(value[Number(segment)], rest) : [];
    const found = [...positional, ...fromElements];
    return found.length === 0 ? [undefined] : found;
  }
  if (isPlainObject(value)) return valuesAtPath(value[segment], rest);
  return [undefined];
}

// Type-preserving and order-preserving: "1" and 1 differ, as do {a,b} and {b,a}, as in MongoDB.
// Missing and null share a key, which is how MongoDB's unique indexes treat them.
export function encodeKey(values: readonly unknown[]): string {
  if (values.length === 1 && values[0] !== undefined) return `[${JSON.stringify(values[0])}]`;
  return JSON.stringify(values.map((value) => (value === undefined ? null : value)));
}

function cartesian(lists: readonly unknown[][]): unknown[][] {
  return lists.reduce<unknown[][]>((tuples, list) => tuples.flatMap((tuple) => list.map((value) => [...tuple, value])), [[]]);
}

// The values of top-level fields when none holds an object or array (a document's one key in
// an index over them), undefined otherwise. Most index writes take this path: the general one
// below splits paths and builds the cartesian product of one-element lists.
export function scalarTuple(document: Document, fields: readonly string[]): unknown[] | undefined {
  const values: unknown[] = [];
  for (const field of fields) {
    if (field.includes('.')) return undefined;
    const value = document[field];
    if (typeof value === 'object' && value !== null) return undefined;
    values.push(value);
  }
  return values;
}

// The distinct keys a document occupies in an index over `fields`.
export function indexKeysOf(document: Document, fields: readonly string[]): string[] {
  const scalars = scalarTuple(document, fields);
  if (scalars) return [encodeKey(scalars)];
  const perField = fields.map((field) => valuesAtPath(document, field.split('.')));
  return [...new Set(cartesian(perField).map(encodeKey))];
}

export function setAtPath(document: Document, path: string, value: unknown): void {
  const segments = path.split('.');
  let target: Record<string, unknown> = document;
  for (const segment of segments.slice(0, -1)) {
    const next = target[segment];
    if (!isPlainObject(next)) target[segment] = {};
    target = target[segment] as Record<string, unknown>;
  }
  target[segments[segments.length - 1]] = value;
}

export { isPlainObject };
