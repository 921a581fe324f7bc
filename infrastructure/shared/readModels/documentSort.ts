import type { Document } from '../../../application/shared/ports/readModelStore.port.js';

// Sorting by top-level fields whose values are all numbers, or all strings, needs none of
// mingo's ordering across types (and none of the Query it builds per call, which cost more
// than the sort): a stable native sort gives the same order, ties in stored order as mingo
// leaves them. Answers undefined when any key is dotted, has another direction than 1 or
// -1, or holds a value of another type (missing and null included): mingo decides those.
export function sortedNatively(documents: readonly Document[], sort: Readonly<Record<string, unknown>>): Document[] | undefined {
  const keys: Array<{ field: string; direction: 1 | -1 }> = [];
  for (const [field, direction] of Object.entries(sort)) {
    if (field.includes('.') || (direction !== 1 && direction !== -1)) return undefined;
    if (!oneComparableType(documents, field)) return undefined;
    keys.push({ field, direction });
  }
  return [...documents].sort((a, b) => {
    for (const { field, direction } of keys) {
      const left = a[field] as number | string;
      const right = b[field] as number | string;
      if (left < right) return -direction;
      if (left > right) return direction;
    }
    return 0;
  });
}

function oneComparableType(documents: readonly Document[], field: string): boolean {
  if (documents.length === 0) return true;
  const type = typeof documents[0]![field];
  if (type !== 'number' && type !== 'string') return false;
  for (const document of documents) {
    const value = document[field];
    if (typeof value !== type || (type === 'number' && Number.isNaN(value))) return false;
  }
  return true;
}
