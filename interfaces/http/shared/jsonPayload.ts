// The bytes of a JSON answer, exactly as JSON.stringify gives them.
//
// JSON.stringify builds a long text as a tree of pieces, and the first use of it as one
// string (hashing it, measuring it, writing it) copies it whole into a freshly mapped page of
// the large-object space: for a page of 100 issues (200 KB) those copies, made again when node
// prepended the head, were the largest cost of the request. So a long list (a top-level array,
// or an array held by a top-level object, as search answers) is written element by element:
// each element's text is small, and the pieces are copied once, into one Buffer. Anything
// else is one JSON.stringify, made bytes once when large; a small answer stays a string,
// which node writes with the head in one piece.
export const LARGE_BODY_CHARACTERS = 16_384;

export interface JsonPayload {
  readonly payload: string | Buffer;
  readonly byteLength: number;
}

export function jsonPayload(body: unknown): JsonPayload {
  const parts = listParts(body);
  if (parts === undefined) return wholeText(body);
  const byteLengths = parts.map((part) => Buffer.byteLength(part));
  let total = 0;
  for (const length of byteLengths) total += length;
  const bytes = Buffer.allocUnsafe(total);
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset);
  return { payload: bytes, byteLength: total };
}

function wholeText(body: unknown): JsonPayload {
  const text = JSON.stringify(body) as string | undefined;
  // As res.json did before: an answer with no JSON text (a function, undefined) is a bug.
  if (text === undefined) throw new TypeError('the answer has no JSON representation');
  const payload = text.length > LARGE_BODY_CHARACTERS ? Buffer.from(text) : text;
  return { payload, byteLength: Buffer.byteLength(payload) };
}

// The pieces of a body holding a long list, or undefined when one JSON.stringify serves: no
// long list, or something whose text depends on where it sits (a toJSON other than Date's is
// given its key, which an element written alone would not get).
function listParts(body: unknown): string[] | undefined {
  if (isArray(body)) {
    const first = longListFirst(body);
    return first === undefined ? undefined : elementParts(body, first, []);
  }
  if (!isPlainObject(body)) return undefined;
  // Each long list's first element's text, worked out to tell it is long, is used again.
  const firsts = new Map<string, string>();
  for (const key in body) {
    const value = body[key];
    if (hasOwnToJson(value)) return undefined;
    const first = isArray(value) ? longListFirst(value) : undefined;
    if (first !== undefined) firsts.set(key, first);
  }
  if (firsts.size === 0) return undefined;
  const parts = ['{'];
  let firstField = true;
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    parts.push(`${firstField ? '' : ','}${JSON.stringify(key)}:`);
    firstField = false;
    const firstText = firsts.get(key);
    if (firstText !== undefined) {
      if (elementParts(value as unknown[], firstText, parts) === undefined) return undefined;
    } else parts.push(JSON.stringify(value) as string);
  }
  parts.push('}');
  return parts;
}

// The text of a list's first element when the list is long enough that writing it in pieces
// pays (estimated from that text); undefined otherwise.
function longListFirst(list: readonly unknown[]): string | undefined {
  if (list.length < 2) return undefined;
  const first = (JSON.stringify(list[0]) as string | undefined) ?? 'null';
  return first.length * list.length > LARGE_BODY_CHARACTERS ? first : undefined;
}

function elementParts(list: readonly unknown[], firstText: string, parts: string[]): string[] | undefined {
  parts.push('[');
  for (let index = 0; index < list.length; index++) {
    const element = list[index];
    if (hasOwnToJson(element)) return undefined;
    if (index > 0) parts.push(',');
    // JSON.stringify writes null for what it cannot represent inside an array.
    parts.push(index === 0 ? firstText : ((JSON.stringify(element) as string | undefined) ?? 'null'));
  }
  parts.push(']');
  return parts;
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && !hasOwnToJson(value);
}

// A toJSON that may read its key: any but Date's (which ignores it).
function hasOwnToJson(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const toJson = (value as { toJSON?: unknown }).toJSON;
  return typeof toJson === 'function' && toJson !== Date.prototype.toJSON;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || hasOwnToJson(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
