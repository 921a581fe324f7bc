import * as t from 'io-ts';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { ValidationErrorItem } from './githubError.js';

// The dotted field path io-ts reports, without the synthetic keys of intersections and unions.
function fieldOf(error: t.ValidationError): string {
  const keys: string[] = [];
  error.context.forEach((entry, index) => {
    const parent = error.context[index - 1]?.type;
    if (index === 0 || parent instanceof t.IntersectionType || parent instanceof t.UnionType) return;
    keys.push(entry.key);
  });
  return keys.join('.');
}

// io-ts failures become GitHub's 422 items: an absent value is missing_field, a wrong one invalid.
export function decodeInput<A>(codec: t.Decoder<unknown, A>, input: unknown, resource: string): Either<ValidationErrorItem[], A> {
  const decoded = codec.decode(input);
  if (!isLeft(decoded)) return right(decoded.right);
  const seen = new Set<string>();
  const items: ValidationErrorItem[] = [];
  for (const error of decoded.left) {
    const field = fieldOf(error);
    if (seen.has(field)) continue;
    seen.add(field);
    const code = error.value === undefined ? 'missing_field' : 'invalid';
    items.push({ resource, field, code });
  }
  return left(items);
}
