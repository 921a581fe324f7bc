import type { Document, Filter } from '../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject, setAtPath } from './documentPaths.js';

function isOperatorExpression(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'));
}

// The value a filter clause pins a field to, if it is an equality (`v` or `{$eq: v}`).
function equalityValue(condition: unknown): { value: unknown } | undefined {
  if (condition instanceof RegExp) return undefined;
  if (!isOperatorExpression(condition)) return { value: condition };
  const keys = Object.keys(condition);
  return keys.length === 1 && keys[0] === '$eq' ? { value: condition.$eq } : undefined;
}

// The field paths and values a filter fixes by equality, including inside `$and`.
export function equalityClauses(filter: Filter): Array<[string, unknown]> {
  const clauses: Array<[string, unknown]> = [];
  for (const [path, condition] of Object.entries(filter)) {
    if (path === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isPlainObject(part)) clauses.push(...equalityClauses(part));
      continue;
    }
    if (path.startsWith('$')) continue;
    const equality = equalityValue(condition);
    if (equality) clauses.push([path, equality.value]);
  }
  return clauses;
}

// MongoDB seeds an upserted document with the filter's equality clauses, then applies the update.
export function upsertSeed(filter: Filter): Document {
  const seed: Document = {};
  for (const [path, value] of equalityClauses(filter)) setAtPath(seed, path, structuredClone(value));
  return seed;
}

export function filterFixesId(filter: Filter): boolean {
  return equalityClauses(filter).some(([path]) => path === '_id');
}
