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

// A body's top-level fields the codec does not name are dropped, as GitHub ignores them:
// io-ts keeps them in what it decodes, and a handler handing that on (a profile's changes) put
// whatever a client sent into the log and the read models (`site_admin`, `id`, `$set`). Only
// the top level of an object codec (an interface, a partial, their intersections): nested
// objects (an author, a hook's config) and unions keep what they were sent, so handlers pick
// the fields of those. The exact form decodes; the codec itself again only for a refusal,
// whose field paths it gives without the exact form's level.
const exactCodecs = new WeakMap<object, t.Decoder<unknown, unknown>>();
function withoutUnknownFields<A>(codec: t.Decoder<unknown, A>): t.Decoder<unknown, A> {
  if (codec instanceof t.ExactType || codec instanceof t.StrictType || !hasProps(codec)) return codec;
  let exact = exactCodecs.get(codec);
  if (!exact) exactCodecs.set(codec, (exact = t.exact(codec)));
  return exact as t.Decoder<unknown, A>;
}

function hasProps(codec: unknown): codec is t.HasProps {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType || codec instanceof t.StrictType) return true;
  if (codec instanceof t.RefinementType || codec instanceof t.ReadonlyType) return hasProps(codec.type);
  return codec instanceof t.IntersectionType && (codec.types as unknown[]).every(hasProps);
}

// io-ts failures become GitHub's 422 items: an absent value is missing_field, a wrong one invalid.
export function decodeInput<A>(codec: t.Decoder<unknown, A>, input: unknown, resource: string): Either<ValidationErrorItem[], A> {
  const exact = withoutUnknownFields(codec).decode(input);
  if (!isLeft(exact)) return right(exact.right);
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
