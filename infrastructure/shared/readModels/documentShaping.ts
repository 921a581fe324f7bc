import { find as findWithMingo } from 'mingo';
import { cloneDocument } from './documentClone.js';
import type { Document, FindOptions } from '../../../application/shared/ports/readModelStore.port.js';
import { sortedNatively } from './documentSort.js';
import { arrayOnSortPath, sortedWithArrays } from './arraySort.js';

// Stored documents are frozen (documentFreeze.ts), so a read returns them as they are; a
// projection is a new object already.
export function readOut(document: Document, projected: boolean): Document {
  return projected ? withIdLeading(document) : document;
}

// Sorting and projecting go through mingo (MongoDB's ordering across types, its projection
// rules); a plain page of matches does not need it, nor a sort on numbers or strings alone.
export function shaped(matched: Document[], options: FindOptions): Document[] {
  const { sort, projection, skip = 0, limit = 0 } = options;
  const sorted = sort !== undefined && Object.keys(sort).length > 0;
  const end = limit > 0 ? skip + limit : undefined;
  if (!sorted && projection === undefined) return matched.slice(skip, end);
  if (projection === undefined) {
    const natively = sortedNatively(matched, sort!);
    if (natively) return natively.slice(skip, end);
  }
  if (sorted && arrayOnSortPath(matched, Object.keys(sort!))) {
    const page = sortedWithArrays(matched, sort!).slice(skip, end);
    return projection === undefined ? page : (findWithMingo(projectable(page, projection), {}, projection).all() as Document[]);
  }
  const documents = projection !== undefined ? projectable(matched, projection) : matched;
  const cursor = findWithMingo(documents, {}, projection ?? {});
  if (sorted) cursor.sort(sort);
  if (skip > 0) cursor.skip(skip);
  if (limit > 0) cursor.limit(limit);
  return cursor.all() as Document[];
}

// mingo leaves out a nested field by deleting it from the document it was given: from a
// stored one, frozen, it cannot, and the field stayed. Such a projection is given copies.
function projectable(documents: Document[], projection: Record<string, unknown>): Document[] {
  return Object.keys(projection).some((path) => path.includes('.')) ? documents.map(cloneDocument) : documents;
}

// mingo's projection appends _id; MongoDB returns it first.
function withIdLeading(document: Document): Document {
  if (!Object.hasOwn(document, '_id')) return document;
  const { _id, ...fields } = document;
  return { _id, ...fields };
}
