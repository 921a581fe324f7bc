import { find as findWithMingo, update as updateWithMingo } from 'mingo';
import { DuplicateKeyError, type Document, type Filter, type IndexSpec, type Update } from '../../../../application/shared/ports/readModelStore.port.js';
import { copied, isPlainObject, text } from './generator.js';
import { refuseFor, refuseUnparsed } from './refusals.js';
// The reference the embedded store is held to: MongoDB's semantics as mingo implements them,
// over a plain list of documents, with MongoDB's unique index rules.
// ---- The reference: mingo over a list, MongoDB's unique index rules ----

export class ReferenceError extends Error {}

export function withIdFirst(document: Document): Document {
  const { _id, ...fields } = document;
  return { _id, ...fields };
}

export const EMPTY_ARRAY_KEY = { emptyArray: true };

// The values a document holds at an index path, as MongoDB's multikey indexes read them: the
// elements of an array, null where nothing is found, an empty array as a value of its own.
export function indexValues(value: unknown, segments: readonly string[]): unknown[] {
  if (segments.length === 0) {
    if (Array.isArray(value)) return value.length === 0 ? [EMPTY_ARRAY_KEY] : value;
    return [value === undefined ? null : value];
  }
  const [segment, ...rest] = segments;
  if (Array.isArray(value)) {
    const found = value.flatMap((element) => (isPlainObject(element) ? indexValues(element, segments) : []));
    return found.length === 0 ? [null] : found;
  }
  if (isPlainObject(value)) return indexValues(value[segment!], rest);
  return [null];
}

export function uniqueKeys(document: Document, index: IndexSpec): Set<string> {
  let tuples: unknown[][] = [[]];
  for (const path of Object.keys(index.keys)) {
    const values = indexValues(document, path.split('.'));
    tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  }
  return new Set(tuples.map(text));
}

export interface Refusal {
  readonly duplicate: boolean;
  readonly index?: string;
}

export class Reference {
  documents = new Map<string, Document>();
  uniques: IndexSpec[] = [];

  all(): Document[] {
    return [...this.documents.values()];
  }

  matching(filter: Filter): Document[] {
    return findWithMingo(this.all(), filter).all() as Document[];
  }

  // The unique indexes the state refuses after `changed` documents were written (none: []).
  refusingIndexes(state: Map<string, Document>, changed: readonly string[]): string[] {
    const refusing: string[] = [];
    for (const index of this.uniques) {
      const owners = new Map<string, string>();
      for (const [id, document] of state) for (const key of uniqueKeys(document, index)) if (!owners.has(key) || !changed.includes(id)) owners.set(key, id);
      const clash = changed.some((id) => {
        const document = state.get(id);
        return document !== undefined && [...uniqueKeys(document, index)].some((key) => owners.get(key) !== id);
      });
      if (clash) refusing.push(index.name);
    }
    return refusing;
  }

  // What an update makes of one document (undefined: unchanged); throws as MongoDB would,
  // before mingo applies anything of an update MongoDB refuses (refusals.ts).
  updated(document: Document, update: Update, filter: Filter): Document | undefined {
    refuseUnparsed(update);
    const { $setOnInsert: _ignored, ...modifier } = withoutId(update, document._id);
    refuseFor(document, modifier);
    const copy = copied(document);
    applyWithMingo(copy, modifier, filter);
    if (text(copy._id) !== text(document._id)) throw new ReferenceError('_id changed');
    return text(copy) === text(document) ? undefined : copy;
  }

  upserted(filter: Filter, update: Update): Document {
    const seed: Document = {};
    for (const [path, value] of equalities(filter)) setPath(seed, path, copied(value));
    const { $setOnInsert, $set, ...modifier } = update;
    refuseUnparsed(update);
    const set = { ...(($set as Record<string, unknown>) ?? {}), ...(($setOnInsert as Record<string, unknown>) ?? {}) };
    const { _id, ...fields } = set;
    if (_id !== undefined && seed._id !== undefined && text(_id) !== text(seed._id)) throw new ReferenceError('_id changed');
    if (_id !== undefined) seed._id = copied(_id);
    const operators = Object.keys(fields).length > 0 ? { ...modifier, $set: fields } : modifier;
    refuseFor(seed, operators);
    if (Object.keys(operators).length > 0) applyWithMingo(seed, operators);
    return seed;
  }

  // The state with these documents written; throws DuplicateKeyError where an index refuses.
  written(changes: ReadonlyArray<[string, Document | undefined]>, inserted: readonly string[]): Map<string, Document> {
    for (const id of inserted) if (this.documents.has(id)) throw new DuplicateKeyError('reference', '_id_');
    const state = new Map(this.documents);
    for (const [id, document] of changes) {
      if (document === undefined) state.delete(id);
      else state.set(id, withIdFirst(document));
    }
    const refusing = this.refusingIndexes(
      state,
      changes.filter(([, document]) => document !== undefined).map(([id]) => id),
    );
    if (refusing.length > 0) throw new DuplicateKeyError('reference', refusing.length === 1 ? refusing[0]! : '(several)');
    return state;
  }
}

// mingo's update, but for one slip of mingo's: a $push with modifiers onto a missing field
// ignores $slice there (MongoDB pushes onto an empty array).
export function applyWithMingo(document: Document, update: Update, filter?: Filter): void {
  const push = update.$push as Record<string, unknown> | undefined;
  for (const [path, value] of Object.entries(push ?? {})) {
    if (!path.includes('.') && isPlainObject(value) && '$each' in value && document[path] === undefined) document[path] = [];
  }
  // The filter serves the positional `$` (mingo applies nothing to a document it does not match).
  const positional = Object.values(update).some((fields) => isPlainObject(fields) && Object.keys(fields).some((path) => path.includes('$')));
  updateWithMingo(document, update as never, undefined, (positional ? filter : undefined) as never);
}

// MongoDB's $set of _id: the value it holds is no change, another is refused (mingo refuses both).
export function withoutId(update: Update, id: unknown): Update {
  const set = update.$set;
  if (!isPlainObject(set) || !Object.hasOwn(set, '_id')) return update;
  if (text(set._id) !== text(id)) throw new ReferenceError('_id changed');
  const { _id: _same, ...fields } = set;
  return { ...update, $set: fields };
}

export function equalities(filter: Filter): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  for (const [path, condition] of Object.entries(filter)) {
    if (path === '$and' && Array.isArray(condition)) {
      for (const part of condition) found.push(...equalities(part as Filter));
      continue;
    }
    if (path.startsWith('$')) continue;
    if (!isPlainObject(condition) || !Object.keys(condition).some((key) => key.startsWith('$'))) found.push([path, condition]);
    else if (Object.keys(condition).length === 1 && Object.hasOwn(condition, '$eq')) found.push([path, condition.$eq]);
  }
  return found;
}

export function setPath(document: Document, path: string, value: unknown): void {
  const segments = path.split('.');
  let target = document;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(target[segment])) target[segment] = {};
    target = target[segment] as Document;
  }
  target[segments.at(-1)!] = value;
}

// ---- Running both ----

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function attempt<T>(operation: () => Promise<T> | T): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (error) {
    return { ok: false, error };
  }
}

export function describeError(error: unknown): string {
  if (error instanceof DuplicateKeyError) return `DuplicateKeyError(${error.index})`;
  return `error (${(error as Error)?.message})`;
}

// Same failure: both duplicate keys (on the same index when the reference names one), or both
// another error.
export function sameFailure(actual: unknown, expected: unknown): boolean {
  if (expected instanceof DuplicateKeyError) {
    return actual instanceof DuplicateKeyError && (expected.index === '(several)' || actual.index === expected.index);
  }
  return !(actual instanceof DuplicateKeyError);
}
