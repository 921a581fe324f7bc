// An id or number in a path: digits only, as GitHub's routes take them; anything else is no
// resource (null, answered 404).
export function pathNumber(value: unknown): number | null {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;
}
