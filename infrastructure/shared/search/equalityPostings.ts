import type { FilterValue, SearchDocument, SearchFilter } from '../../../application/shared/ports/searchIndex.port.js';
import { DenseKeys, KeyNumbers } from './denseKeys.js';
import { valuesAtPath } from './documentPath.js';
import { equalValues } from '../readModels/equalValues.js';
import { normalizedFacet, tokenAsNumber } from './searchFilter.evaluate.js';

// The keys of the documents holding one value. A value held by one document keeps its key
// alone (ids and timestamps are unique to a document: a Set each cost about two hundred
// bytes per document and attribute); one held by many, by most documents (public = true,
// state = open), keeps a bit per document (DenseKeys) once that is the smaller.
type Holders = string | Set<string> | DenseKeys;

// What a Set costs per key held, about (an entry of two pointers, its share of the buckets,
// the room grown ahead): against a bit per document numbered.
const SET_BYTES_PER_KEY = 24;
// Fewer holders stay a Set whatever the documents: bits are not worth a change of kind.
const DENSE_MIN_KEYS = 64;

// The postings of one attribute. Values are kept as the filter compares them: numbers as
// numbers, strings and booleans as trimmed lower-case text; two maps, so no key string is
// built per value (indexing a document touches every attribute with postings).
interface FieldPostings {
  readonly name: string;
  // A plain attribute (no dot): its value is read directly, with no list built.
  readonly plain: boolean;
  readonly numbers: Map<number, Holders>;
  readonly texts: Map<string, Holders>;
}

function addHolder<K>(postings: Map<K, Holders>, value: K, key: string, numbers: KeyNumbers): void {
  const holders = postings.get(value);
  if (holders === undefined) postings.set(value, key);
  else if (typeof holders === 'string') {
    if (holders !== key) postings.set(value, new Set([holders, key]));
  } else if (holders instanceof DenseKeys) {
    holders.add(key);
    // Bits grown far past the keys held (a value now rare among many documents): a Set again.
    if (holders.byteLength > 3 * holders.size * SET_BYTES_PER_KEY) postings.set(value, new Set(holders));
  } else {
    holders.add(key);
    if (holders.size >= DENSE_MIN_KEYS && holders.size * SET_BYTES_PER_KEY >= numbers.capacity / 8) postings.set(value, new DenseKeys(numbers, holders));
  }
}

function removeHolder<K>(postings: Map<K, Holders>, value: K, key: string): void {
  const holders = postings.get(value);
  if (holders === undefined) return;
  if (typeof holders === 'string') {
    if (holders === key) postings.delete(value);
    return;
  }
  holders.delete(key);
  if (holders.size === 0) postings.delete(value);
  else if (holders instanceof DenseKeys && holders.byteLength > 3 * holders.size * SET_BYTES_PER_KEY) postings.set(value, new Set(holders));
}

// The text a string or boolean value is filed under; undefined for anything else.
function facetOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'boolean' ? normalizedFacet(String(value)) : undefined;
}

// Each value the attribute holds in the document, as valuesAtPath gives them.
function eachValue(field: FieldPostings, document: SearchDocument, visit: (value: unknown) => void): void {
  if (field.plain) {
    if (!Object.hasOwn(document, field.name)) return;
    const value = document[field.name];
    if (!Array.isArray(value)) return visit(value);
  }
  for (const value of valuesAtPath(document, field.name)) visit(value);
}

// Files the document's values of the attribute under its key, or takes them out.
function fileValues(field: FieldPostings, document: SearchDocument, key: string, numbers: KeyNumbers): void {
  eachValue(field, document, (value) => {
    if (typeof value === 'number') addHolder(field.numbers, value, key, numbers);
    const facet = facetOf(value);
    if (facet !== undefined) addHolder(field.texts, facet, key, numbers);
  });
}

function unfileValues(field: FieldPostings, document: SearchDocument, key: string): void {
  eachValue(field, document, (value) => {
    if (typeof value === 'number') removeHolder(field.numbers, value, key);
    const facet = facetOf(value);
    if (facet !== undefined) removeHolder(field.texts, facet, key);
  });
}

// Whether the attribute holds the same values in both documents (then it has the same postings).
function sameValues(field: FieldPostings, before: SearchDocument, after: SearchDocument): boolean {
  if (field.plain) return equalValues(before[field.name], after[field.name]);
  return equalValues(valuesAtPath(before, field.name), valuesAtPath(after, field.name));
}

// For each filterable attribute, the keys of the documents holding each value, so a filter
// with an equality (repository_id = 7, state = open) starts from the documents that can match
// instead of every document. Kept for every attribute but the index's range attributes
// (timestamps, counts: rarely pinned to a value, and most of the values).
export class EqualityPostings {
  private readonly byField = new Map<string, FieldPostings>();
  private readonly filterable: ReadonlySet<string>;
  // The numbers of the documents in any DenseKeys, released when a document is removed.
  private readonly numbers = new KeyNumbers();

  constructor(
    fields: readonly string[],
    private readonly documents: () => Iterable<[string, SearchDocument]>,
  ) {
    this.filterable = new Set(fields);
    // Built now rather than on a first search: built then, each attribute's postings made that
    // search wait for a walk of every document (a search bench's p99 of 21 ms became 70).
    // Range attributes, which held most values, are not among the fields (rangeAttributes).
    for (const name of fields) this.postingsOf(name);
  }

  add(key: string, document: SearchDocument): void {
    for (const field of this.byField.values()) fileValues(field, document, key, this.numbers);
  }

  remove(key: string, document: SearchDocument): void {
    for (const field of this.byField.values()) unfileValues(field, document, key);
    // The document is in no postings now: its number (if it had one) may go to another.
    this.numbers.release(key);
  }

  // A document replaced under the same key: only the attributes whose values changed move
  // (a comment or a reaction changes none of an issue's repository, state or labels).
  replace(key: string, before: SearchDocument, after: SearchDocument): void {
    for (const field of this.byField.values()) {
      if (sameValues(field, before, after)) continue;
      unfileValues(field, before, key);
      fileValues(field, after, key, this.numbers);
    }
  }

  // The postings of a filterable attribute, built from every document on first use (in the
  // documents' order, the order adding them one by one would have given).
  private postingsOf(name: string): FieldPostings | undefined {
    if (!this.filterable.has(name)) return undefined;
    let field = this.byField.get(name);
    if (field !== undefined) return field;
    const built: FieldPostings = { name, plain: !name.includes('.'), numbers: new Map(), texts: new Map() };
    for (const [key, document] of this.documents()) fileValues(built, document, key, this.numbers);
    field = built;
    this.byField.set(name, field);
    return field;
  }

  // The keys of every document the filter can match, or null when the filter names no
  // equality to start from (then every document is a candidate). A superset: the filter is
  // still evaluated on each candidate.
  candidates(filter: SearchFilter): ReadonlySet<string> | null {
    if ('and' in filter) {
      let smallest: ReadonlySet<string> | null = null;
      for (const part of filter.and) {
        const keys = this.candidates(part);
        if (keys !== null && (smallest === null || keys.size < smallest.size)) smallest = keys;
      }
      return smallest;
    }
    if ('or' in filter) {
      const union = new Set<string>();
      for (const part of filter.or) {
        const keys = this.candidates(part);
        if (keys === null) return null;
        for (const key of keys) union.add(key);
      }
      return union;
    }
    if ('not' in filter) return null;
    const field = this.postingsOf(filter.field);
    if (field === undefined) return null;
    if (filter.op === '=') return this.union(field, [filter.value]);
    if (filter.op === 'in') return this.union(field, filter.values);
    return null;
  }

  // A membership test that answers the filter exactly, when it is made of equalities only
  // (=, in, and, or of them); null otherwise. Then no document is read to evaluate it.
  exactTest(filter: SearchFilter): ((key: string) => boolean) | null {
    if ('and' in filter || 'or' in filter) {
      const parts = 'and' in filter ? filter.and : filter.or;
      const tests: ((key: string) => boolean)[] = [];
      for (const part of parts) {
        const test = this.exactTest(part);
        if (test === null) return null;
        tests.push(test);
      }
      return 'and' in filter ? (key) => tests.every((test) => test(key)) : (key) => tests.some((test) => test(key));
    }
    if ('not' in filter || (filter.op !== '=' && filter.op !== 'in') || !this.filterable.has(filter.field)) return null;
    const keys = this.candidates(filter)!;
    return (key) => keys.has(key);
  }

  // The keys of exactly the documents the filter matches, when it is made of equalities only
  // and they come without a walk of keys: one attribute's values (its postings), or an `and`
  // or `or` of parts all held as bits, combined word by word. null otherwise: then the
  // candidates are tested one by one (exactTest).
  exactKeys(filter: SearchFilter): ReadonlySet<string> | null {
    if ('and' in filter || 'or' in filter) {
      const parts = 'and' in filter ? filter.and : filter.or;
      const sets: DenseKeys[] = [];
      for (const part of parts) {
        const keys = this.exactKeys(part);
        if (!(keys instanceof DenseKeys)) return null;
        sets.push(keys);
      }
      if (sets.length === 0) return null;
      return 'and' in filter ? DenseKeys.intersection(sets) : DenseKeys.union(sets);
    }
    if ('not' in filter || (filter.op !== '=' && filter.op !== 'in') || !this.filterable.has(filter.field)) return null;
    return this.candidates(filter);
  }

  // A token matches a number when it reads as one, and text (a string or a boolean) always.
  private union(field: FieldPostings, values: readonly FilterValue[]): ReadonlySet<string> {
    const found: Holders[] = [];
    for (const value of values) {
      const token = String(value);
      const number = tokenAsNumber(token);
      const byNumber = number === undefined ? undefined : field.numbers.get(number);
      const byText = field.texts.get(normalizedFacet(token));
      if (byNumber !== undefined) found.push(byNumber);
      if (byText !== undefined) found.push(byText);
    }
    if (found.length === 1 && typeof found[0] !== 'string') return found[0]!;
    const union = new Set<string>();
    for (const holders of found) {
      if (typeof holders === 'string') union.add(holders);
      else for (const key of holders) union.add(key);
    }
    return union;
  }
}
