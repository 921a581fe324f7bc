import { find as findWithMingo } from 'mingo';
import type { Document, FindOptions, SortSpec } from '../../../../application/shared/ports/readModelStore.port.js';
import { arraySortProblem } from './arraySort.js';
import { contents, copied, isPlainObject, keyOf, text } from './generator.js';

// Judges a page the embedded store answered against the reference's matches: what MongoDB
// could have answered, ties in any order. Answers the first problem found, or null.
// A page as MongoDB could give it: the matches (with their stored contents), in the sort's
// order (a tie in any order), the right number of them; the right ones where the order is total.
export function pageProblem(matched: Document[], page: Document[], options: FindOptions): string | null {
  const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
  const skip = options.skip ?? 0;
  const limit = options.limit ?? 0;
  const expectedLength = Math.max(0, Math.min(limit > 0 ? limit : Infinity, matched.length - skip));
  if (page.length !== expectedLength) return `page of ${page.length}, expected ${expectedLength} (of ${matched.length} matches)`;
  if (options.projection) return projectedPageProblem(matched, page, options);
  const byId = new Map(matched.map((document) => [keyOf(document._id), document]));
  const ids = page.map((document) => keyOf(document._id));
  if (new Set(ids).size !== ids.length) return `page repeats a document: ${ids.join(',')}`;
  for (const document of page) {
    const match = byId.get(keyOf(document._id));
    if (!match) return `page holds ${keyOf(document._id)}, which does not match`;
    if (contents(match) !== contents(document)) return `page holds ${text(document)}, stored as ${text(match)}`;
  }
  if (!sort) {
    if (skip === 0 && limit === 0 && ids.length !== matched.length) return 'not every match';
    return null;
  }
  if (matched.some((document) => Object.keys(sort).some((path) => arrayOnPath(document, path)))) return arraySortProblem(matched, page, sort, skip, limit);
  const expected = findWithMingo(matched, {}).sort(sort).skip(skip);
  const expectedPage = (limit > 0 ? expected.limit(limit) : expected).all() as Document[];
  for (const [i, document] of page.entries()) {
    if (!tied(document, expectedPage[i]!, sort)) {
      return `page ${ids.join(',')} where the sort gives ${expectedPage.map((other) => keyOf(other._id)).join(',')} (position ${i}: ${text(document)}, expected ${text(expectedPage[i])})`;
    }
  }
  return null;
}

// Projected pages: exactly mingo's where the order is total (or no page is cut), as a set
// where it is not.
function projectedPageProblem(matched: Document[], page: Document[], options: FindOptions): string | null {
  const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
  // mingo's projection deletes excluded nested fields from the documents it is given.
  const cursor = findWithMingo(copied(matched), {}, options.projection);
  if (sort) cursor.sort(sort);
  const all = cursor.all() as Document[];
  const skip = options.skip ?? 0;
  const limit = options.limit ?? 0;
  const total = sort !== undefined && '_id' in sort && !matched.some((document) => Object.keys(sort).some((path) => arrayOnPath(document, path)));
  const cut = skip > 0 || limit > 0;
  const canonical = contents;
  if (!cut || total) {
    const expected = (cut ? all.slice(skip, limit > 0 ? skip + limit : undefined) : all).map(canonical);
    const actual = page.map(canonical);
    if (!total) {
      expected.sort();
      actual.sort();
    }
    if (text(actual) !== text(expected)) return `projected page ${text(page)}, expected ${text(expected)}`;
    return null;
  }
  const allowed = new Set(all.map(canonical));
  for (const document of page) if (!allowed.has(canonical(document))) return `projected ${text(document)} is no projected match`;
  return null;
}

// Whether a path meets an array. mingo orders such values by no consistent rule (not MongoDB's
// smallest element ascending, largest descending: its ties are not transitive, so the order it
// gives depends on the order it was given): arraySort.ts judges those pages.
function arrayOnPath(document: Document, path: string): boolean {
  let value: unknown = document;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) return true;
    if (!isPlainObject(value)) return false;
    value = value[segment];
  }
  return Array.isArray(value);
}

// Two documents the sort cannot tell apart.
function tied(left: Document, right: Document, sort: SortSpec): boolean {
  if (keyOf(left._id) === keyOf(right._id)) return true;
  const forwards = findWithMingo([left, right], {}).sort(sort).all() as Document[];
  const backwards = findWithMingo([right, left], {}).sort(sort).all() as Document[];
  // Tied: the order they come out in depends on the order they went in (mingo reverses ties
  // under a descending key).
  return forwards[0] !== backwards[0];
}
