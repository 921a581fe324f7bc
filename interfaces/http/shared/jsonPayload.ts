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
  if (isArray(body)) return isLongList(body) ? elementParts(body, []) : undefined;
  if (!isPlainObject(body)) return undefined;
  let long = false;
  for (const key in body) {
    const value = body[key];
    if (hasOwnToJson(value)) return undefined;
    if (isArray(value) && isLongList(value)) long = true;
  }
  if (!long) return undefined;
  const parts = ['{'];
  let first = true;
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (isArray(value) && isLongList(value)) {
      if (elementParts(value, parts) === undefined) return undefined;
    } else parts.push(JSON.stringify(value) as string);
  }
  parts.push('}');
  return parts;
}

// Long enough that writing it in pieces pays: estimated from its first element's text.
function isLongList(list: readonly unknown[]): boolean {
  if (list.length < 2) return false;
  const first = JSON.stringify(list[0]) as string | undefined;
  return (first?.length ?? 4) * list.length > LARGE_BODY_CHARACTERS;
}

function elementParts(list: readonly unknown[], parts: string[]): string[] | undefined {
  parts.push('[');
  for (let index = 0; index < list.length; index++) {
    const element = list[index];
    if (hasOwnToJson(element)) return undefined;
    if (index > 0) parts.push(',');
    // JSON.stringify writes null for what it cannot represent inside an array.
    parts.push((JSON.stringify(element) as string | undefined) ?? 'null');
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
