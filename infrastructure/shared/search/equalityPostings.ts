import type { FilterValue, SearchDocument, SearchFilter } from '../../../application/shared/ports/searchIndex.port.js';
import { valuesAtPath } from './documentPath.js';
import { normalizedFacet, tokenAsNumber } from './searchFilter.evaluate.js';

// For each filterable attribute, the keys of the documents holding each value, so a filter
// with an equality (repository_id = 7, state = open) starts from the documents that can match
// instead of every document. Values are keyed as the filter compares them: numbers as
// numbers, strings and booleans as trimmed lower-case text.
function postingKeys(value: unknown): string[] {
  if (typeof value === 'number') return [`n:${value}`];
  if (typeof value === 'string' || typeof value === 'boolean') return [`s:${normalizedFacet(String(value))}`];
  return [];
}

function tokenKeys(value: FilterValue): string[] {
  const token = String(value);
  const number = tokenAsNumber(token);
  return number === undefined ? [`s:${normalizedFacet(token)}`] : [`n:${number}`, `s:${normalizedFacet(token)}`];
}

// The documents holding one value: the key itself while there is one (most values of a date,
// an id or a count are held by a single document, and a Set per value cost more memory than
// the documents themselves), a Set once there are more.
type Holders = string | Set<string>;

const asSet = (holders: Holders): ReadonlySet<string> => (typeof holders === 'string' ? new Set([holders]) : holders);

export class EqualityPostings {
  private readonly byField = new Map<string, Map<string, Holders>>();

  constructor(private readonly fields: readonly string[]) {
    for (const field of fields) this.byField.set(field, new Map());
  }

  add(key: string, document: SearchDocument): void {
    for (const [field, postings] of this.byField) {
      for (const value of valuesAtPath(document, field)) {
        for (const posting of postingKeys(value)) {
          const holders = postings.get(posting);
          if (holders === undefined) postings.set(posting, key);
          else if (typeof holders !== 'string') holders.add(key);
          else if (holders !== key) postings.set(posting, new Set([holders, key]));
        }
      }
    }
  }

  remove(key: string, document: SearchDocument): void {
    for (const [field, postings] of this.byField) {
      for (const value of valuesAtPath(document, field)) {
        for (const posting of postingKeys(value)) {
          const holders = postings.get(posting);
          if (holders === undefined) continue;
          if (typeof holders === 'string') {
            if (holders === key) postings.delete(posting);
            continue;
          }
          holders.delete(key);
          if (holders.size === 1) postings.set(posting, holders.values().next().value!);
        }
      }
    }
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
    const postings = this.byField.get(filter.field);
    if (postings === undefined) return null;
    if (filter.op === '=') return this.union(postings, tokenKeys(filter.value));
    if (filter.op === 'in') return this.union(postings, filter.values.flatMap(tokenKeys));
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
    if ('not' in filter || (filter.op !== '=' && filter.op !== 'in') || !this.byField.has(filter.field)) return null;
    const keys = this.candidates(filter)!;
    return (key) => keys.has(key);
  }

  private union(postings: Map<string, Holders>, keys: readonly string[]): ReadonlySet<string> {
    const sets = keys.flatMap((key) => {
      const holders = postings.get(key);
      return holders === undefined ? [] : [asSet(holders)];
    });
    if (sets.length === 1) return sets[0]!;
    const union = new Set<string>();
    for (const set of sets) for (const key of set) union.add(key);
    return union;
  }
}
