import type { Document, Filter, Update } from '../../../application/shared/ports/readModelStore.port.js';
import { cloneDocument } from './documentClone.js';
import { newDocumentId } from './documentId.js';
import { equalityClauses } from './upsertSeed.js';

// The same messages the MongoDB driver throws, so callers see one behaviour on both adapters.
export function assertUpdateOperators(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new Error('Update document requires atomic operators');
  }
}

export function assertReplacement(document: Document): void {
  if (Object.keys(document).some((key) => key.startsWith('$'))) {
    throw new Error('Replacement document must not contain atomic operators');
  }
}

// MongoDB keeps _id first; a missing one becomes a string, never an ObjectId, so documents
// stay plain JSON on both adapters.
export function withIdFirst(document: Document): Document {
  const { _id, ...fields } = document;
  return { _id: _id === undefined ? newDocumentId() : _id, ...fields };
}

// The document as stored: a deep copy of the caller's, _id first (the given one, else the
// document's, else a new one), made in one pass (three copies cost a replace most of its time).
export function storedCopy(document: Document, id: unknown = document._id): Document {
  // Spread keeps the object in V8's fast mode (see documentClone.ts); _id stays first.
  const stored: Document = { _id: undefined, ...document };
  stored._id = id === undefined ? newDocumentId() : cloneDocument(id);
  for (const key of Object.keys(stored)) {
    const nested = stored[key];
    if (key !== '_id' && typeof nested === 'object' && nested !== null) stored[key] = cloneDocument(nested);
  }
  return stored;
}

// What a replacement upsert without a match inserts: the document's own _id, else the one
// the filter pins, else a new one.
export function insertedReplacement(filter: Filter, document: Document): Document {
  const filterId = equalityClauses(filter).find(([path]) => path === '_id');
  return storedCopy(document, Object.hasOwn(document, '_id') ? document._id : filterId?.[1]);
}
