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

export class EqualityPostings {
  private readonly byField = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly fields: readonly string[]) {
    for (const field of fields) this.byField.set(field, new Map());
  }

  add(key: string, document: SearchDocument): void {
    for (const [field, postings] of this.byField) {
      for (const value of valuesAtPath(document, field)) {
        for (const posting of postingKeys(value)) {
          let keys = postings.get(posting);
          if (keys === undefined) postings.set(posting, (keys = new Set()));
          keys.add(key);
        }
      }
    }
  }

  remove(key: string, document: SearchDocument): void {
    for (const [field, postings] of this.byField) {
      for (const value of valuesAtPath(document, field)) {
        for (const posting of postingKeys(value)) {
          const keys = postings.get(posting);
          keys?.delete(key);
          if (keys?.size === 0) postings.delete(posting);
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

  private union(postings: Map<string, Set<string>>, keys: readonly string[]): ReadonlySet<string> {
    const sets = keys.map((key) => postings.get(key)).filter((set): set is Set<string> => set !== undefined);
    if (sets.length === 1) return sets[0]!;
    const union = new Set<string>();
    for (const set of sets) for (const key of set) union.add(key);
    return union;
  }
}
