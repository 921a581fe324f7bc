import { Query } from 'mingo';
import type { Document, Filter } from '../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject, valuesAtPath } from './documentPaths.js';
import { isLookupScalar } from './equalityLookups.js';
import { fieldConditionsMatcher } from './fieldConditions.js';

export type DocumentMatcher = (document: Document) => boolean;

// Field paths pinned to a string, number or boolean (`v` or `{$eq: v}`), if that is all the filter says.
function simpleEqualities(filter: Filter): Array<[string[], unknown]> | undefined {
  const equalities: Array<[string[], unknown]> = [];
  for (const [path, condition] of Object.entries(filter)) {
    if (path.startsWith('$')) return undefined;
    const pinnedByEq = isPlainObject(condition) && Object.keys(condition).length === 1 && Object.hasOwn(condition, '$eq');
    const value = pinnedByEq ? condition.$eq : condition;
    if (!isLookupScalar(value)) return undefined;
    equalities.push([path.split('.'), value]);
  }
  return equalities;
}

// Building a mingo Query costs tens of microseconds, more than a projection's whole write, so
// the common filter (equalities on scalars) is matched directly, with MongoDB's semantics: a
// path through arrays matches when any element holds the value.
export function matcherFor(filter: Filter): DocumentMatcher {
  const equalities = simpleEqualities(filter);
  if (equalities?.length === 1 && equalities[0]![0].length === 1) {
    // One top-level field: the value itself, or an element of it when it is an array.
    const [[[field], value]] = equalities as [[[string], unknown]];
    return (document) => {
      const found = document[field];
      return found === value || (Array.isArray(found) && found.includes(value));
    };
  }
  if (equalities) {
    return (document) => equalities.every(([segments, value]) => valuesAtPath(document, segments).some((found) => found === value));
  }
  const conditions = fieldConditionsMatcher(filter);
  if (conditions) return conditions;
  const query = new Query(filter);
  return (document) => query.test(document);
}
