// Dotted attribute paths reach into nested objects and through arrays, the way Meilisearch
// flattens documents: `labels.name` on `{ labels: [{ name: 'bug' }] }` is `['bug']`, and a
// literal key `"labels.name"` is reached by the same path.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function visitPath(value: unknown, segments: readonly string[], visit: (found: unknown) => void): void {
  if (segments.length === 0) {
    visit(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const element of value) visitPath(element, segments, visit);
    return;
  }
  if (!isRecord(value)) return;
  for (let taken = 1; taken <= segments.length; taken += 1) {
    const key = segments.slice(0, taken).join('.');
    if (Object.hasOwn(value, key)) visitPath(value[key], segments.slice(taken), visit);
  }
}

function flattened(value: unknown, into: unknown[]): void {
  if (Array.isArray(value)) for (const element of value) flattened(element, into);
  else into.push(value);
}

// Every value at the path, arrays flattened (so an empty array contributes nothing).
export function valuesAtPath(document: unknown, path: string): unknown[] {
  // A plain attribute of a document (no dot): the common case, read directly.
  if (!path.includes('.') && isRecord(document)) {
    if (!Object.hasOwn(document, path)) return [];
    const value = document[path];
    if (!Array.isArray(value)) return [value];
    // A list (an issue's assignees, labels, mentions): its elements, flattened, as the walk
    // below would give them without splitting and joining the path (0.5 µs, now 0.1).
    const values: unknown[] = [];
    flattened(value, values);
    return values;
  }
  const values: unknown[] = [];
  visitPath(document, path.split('.'), (found) => flattened(found, values));
  return values;
}

// Whether the attribute is present at all, even as null or an empty array (Meilisearch's EXISTS).
export function hasPath(document: unknown, path: string): boolean {
  let found = false;
  visitPath(document, path.split('.'), () => {
    found = true;
  });
  return found;
}

// The value at the path when it is exactly one string (match positions need a single text).
export function stringAtPath(document: unknown, path: string): string | undefined {
  const found: unknown[] = [];
  visitPath(document, path.split('.'), (value) => found.push(value));
  return found.length === 1 && typeof found[0] === 'string' ? found[0] : undefined;
}

// An attribute setting covers itself, everything nested under it, and `*` covers everything.
export function isCoveredBy(path: string, attributes: readonly string[]): boolean {
  return attributes.some((attribute) => attribute === '*' || path === attribute || path.startsWith(`${attribute}.`));
}
