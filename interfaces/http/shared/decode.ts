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

// A body's fields the codec does not name are dropped, at every level, as GitHub ignores
// them: io-ts keeps them in what it decodes, and a handler handing that on (a profile's
// changes) put whatever a client sent into the log and the read models (`site_admin`, `id`,
// `$set`). Every object level is made exact: the body's, a nested object's (an author, a
// hook's config), each member of a union and each element of a list. The exact form decodes;
// the codec itself again only for a refusal, whose field paths it gives without the exact
// forms' levels.
const exactCodecs = new WeakMap<object, t.Mixed>();
function withoutUnknownFields<A>(codec: t.Decoder<unknown, A>): t.Decoder<unknown, A> {
  return exactEverywhere(codec as unknown as t.Mixed) as unknown as t.Decoder<unknown, A>;
}

function exactEverywhere(codec: t.Mixed): t.Mixed {
  let exact = exactCodecs.get(codec);
  if (!exact) exactCodecs.set(codec, (exact = exactForm(codec)));
  return exact;
}

function exactForm(codec: t.Mixed): t.Mixed {
  if (hasProps(codec)) return t.exact(withExactFields(codec), codec.name);
  if (codec instanceof t.UnionType) return t.union(codec.types.map(exactEverywhere) as [t.Mixed, t.Mixed, ...t.Mixed[]], codec.name);
  if (codec instanceof t.ArrayType) return t.array(exactEverywhere(codec.type), codec.name);
  return codec;
}

// The object codec with each field's codec exact in turn (itself not yet: an intersection's
// members must keep their props for the exact form around them).
function withExactFields(codec: t.HasProps): t.HasProps {
  if (codec instanceof t.InterfaceType) return t.type(exactFields(codec.props), codec.name);
  if (codec instanceof t.PartialType) return t.partial(exactFields(codec.props), codec.name);
  if (codec instanceof t.IntersectionType) return t.intersection(codec.types.map(withExactFields) as [t.HasProps, t.HasProps], codec.name);
  return codec;
}

function exactFields(props: t.Props): t.Props {
  return Object.fromEntries(Object.entries(props).map(([field, codec]) => [field, exactEverywhere(codec)]));
}

function hasProps(codec: unknown): codec is t.HasProps {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return true;
  return codec instanceof t.IntersectionType && (codec.types as unknown[]).every(hasProps);
}

// io-ts failures become GitHub's 422 items: an absent value is missing_field, a wrong one invalid.
// A request sent without a body (curl -X POST, octokit with no parameters) is an empty object to
// an operation taking fields, so its 422 names the fields it lacks rather than a field named "";
// a body of `null` or a list stays what it is, refused as no object.
export const bodyOrEmpty = (body: unknown): unknown => (body === undefined ? {} : body);

export function decodeInput<A>(codec: t.Decoder<unknown, A>, input: unknown, resource: string): Either<ValidationErrorItem[], A> {
  const exact = withoutUnknownFields(codec).decode(input);
  if (!isLeft(exact)) return right(exact.right);
  const decoded = codec.decode(input);
  if (!isLeft(decoded)) return right(decoded.right);
  // Only where every refusal is of the whole body: a codec taking an object or a list (an
  // issue's labels) refuses a list of wrong elements by its elements.
  if (input !== undefined && !isObject(input) && decoded.left.every((error) => fieldOf(error) === '')) return left([notAnObject(resource, input)]);
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

// A body that is no object at all (`[]`, `"text"`, `123` where fields were expected) is not a
// problem of a field named "" (which read `" is invalid"`): GitHub says "Invalid request.
// For 'links/0/schema', [] is not an object." (nil for null), the value shown as Ruby
// shows it, cut short here so a large body is not sent back.
const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

function notAnObject(resource: string, value: unknown): ValidationErrorItem {
  const shown = value === null ? 'nil' : JSON.stringify(value);
  const brief = shown.length > 100 ? `${shown.slice(0, 100)}...` : shown;
  return { resource, code: 'invalid', message: `For 'links/0/schema', ${brief} is not an object.` };
}
