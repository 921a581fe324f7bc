// The bytes of a JSON answer, as JSON.stringify would give them.
//
// JSON.stringify builds a long text as a tree of pieces, and the first use of it as one
// string (hashing it, measuring it, writing it) copies it whole into a freshly mapped page of
// the large-object space: for a page of 100 issues (200 KB) those copies, made again when node
// prepended the head, were the largest cost of the request. So a list (a top-level array, or
// the arrays of a top-level object, as search answers) is written element by element: each
// element's text is small, and the pieces are copied once, into one Buffer. A small answer
// stays a string, which node writes with the head in one piece; an answer that is no list is
// one JSON.stringify (made bytes once when large).
export const LARGE_BODY_CHARACTERS = 16_384;
// Shorter lists are written with one JSON.stringify: per-element calls would cost more.
const LIST_ELEMENTS = 10;

export interface JsonPayload {
  readonly payload: string | Buffer;
  readonly byteLength: number;
}

export function jsonPayload(body: unknown): JsonPayload {
  if (!isList(body) && !(isPlainObject(body) && Object.values(body).some(isList))) {
    const text = JSON.stringify(body) ?? 'null';
    const payload = text.length > LARGE_BODY_CHARACTERS ? Buffer.from(text) : text;
    return { payload, byteLength: Buffer.byteLength(payload) };
  }
  const parts: string[] = [];
  pushParts(body, parts, 0);
  let characters = 0;
  for (const part of parts) characters += part.length;
  if (characters <= LARGE_BODY_CHARACTERS) {
    const text = parts.join('');
    return { payload: text, byteLength: Buffer.byteLength(text) };
  }
  const byteLengths = parts.map((part) => Buffer.byteLength(part));
  let total = 0;
  for (const length of byteLengths) total += length;
  const bytes = Buffer.allocUnsafe(total);
  let offset = 0;
  for (let index = 0; index < parts.length; index++) offset += bytes.write(parts[index]!, offset);
  return { payload: bytes, byteLength: total };
}

// A frozen element (a kept encoding, see encodingCache.ts) cannot change: its text is kept.
const frozenTexts = new WeakMap<object, string>();

function pushParts(value: unknown, parts: string[], depth: number): void {
  if (depth < 2 && isList(value)) {
    parts.push('[');
    for (let index = 0; index < value.length; index++) {
      if (index > 0) parts.push(',');
      // JSON.stringify writes null for what it cannot represent inside an array.
      pushParts(value[index], parts, depth + 1);
    }
    parts.push(']');
    return;
  }
  if (depth < 1 && isPlainObject(value)) {
    parts.push('{');
    let first = true;
    for (const key of Object.keys(value)) {
      const property = value[key];
      if (property === undefined || typeof property === 'function' || typeof property === 'symbol') continue;
      parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      pushParts(property, parts, depth + 1);
    }
    parts.push('}');
    return;
  }
  parts.push(textOf(value));
}

function textOf(value: unknown): string {
  if (typeof value === 'object' && value !== null && Object.isFrozen(value)) {
    let text = frozenTexts.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      frozenTexts.set(value, text);
    }
    return text;
  }
  return JSON.stringify(value) ?? 'null';
}

function isList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length >= LIST_ELEMENTS;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
