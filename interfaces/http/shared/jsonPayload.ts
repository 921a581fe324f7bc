import { createHash, hash } from 'node:crypto';

// The bytes of a JSON answer, exactly as JSON.stringify gives them.
//
// JSON.stringify builds a long text as a tree of pieces, and the first use of it as one
// string (hashing it, measuring it, writing it) copies it whole into a freshly mapped page of
// the large-object space: for a page of 100 issues (200 KB) those copies, made again when node
// prepended the head, were the largest cost of the request. So a long list (a top-level array,
// or an array held by a top-level object, as search answers) is written element by element:
// each element's text is small, and the pieces are copied once, into one Buffer. Anything
// else is one JSON.stringify, made bytes once when large; a small answer stays a string,
// which node writes with the head in one piece. A frozen element (a kept encoding, see
// encodingCache.ts) cannot change, so its bytes are made once and copied into every answer
// that lists it: a page served again costs copies, not JSON.stringify. Such an answer's
// ETag is a digest of its pieces, each kept element's by its own digest (made with its
// bytes), rather than of its 200 KB: the same bytes are always cut into the same pieces, so
// equal answers still get equal ETags.
export const LARGE_BODY_CHARACTERS = 16_384;

export interface JsonPayload {
  readonly payload: string | Buffer;
  readonly byteLength: number;
  // Set when the answer's validator was worked out with its bytes (from its kept elements').
  readonly etag?: string;
}

export function jsonPayload(body: unknown): JsonPayload {
  const frozenList = isListOfFrozen(body);
  if (frozenList) {
    const known = keptLists.get(body[0]!);
    if (known !== undefined && sameElements(known.elements, body)) return known.payload;
  }
  const parts = listParts(body);
  if (parts === undefined) return wholeText(body);
  const payload = joined(parts);
  if (frozenList) keepList(body, payload);
  return payload;
}

// A list whose every element is frozen (a page of kept encodings): the same elements make
// the same answer, so its bytes and ETag are kept too, and a page served again costs neither
// a copy nor a digest. Keyed by the first element; a few dozen pages (some 200 KB each).
const KEPT_LISTS = 64;
const keptLists = new Map<object, { readonly elements: readonly object[]; readonly payload: JsonPayload }>();

function isListOfFrozen(body: unknown): body is readonly object[] {
  if (!Array.isArray(body) || body.length < 2 || hasOwnToJson(body)) return false;
  for (const element of body) if (typeof element !== 'object' || element === null || !Object.isFrozen(element)) return false;
  return true;
}

function sameElements(kept: readonly object[], now: readonly object[]): boolean {
  if (kept.length !== now.length) return false;
  for (let index = 0; index < kept.length; index++) if (kept[index] !== now[index]) return false;
  return true;
}

function keepList(elements: readonly object[], payload: JsonPayload): void {
  if (keptLists.size >= KEPT_LISTS) keptLists.delete(keptLists.keys().next().value!);
  keptLists.set(elements[0]!, { elements: [...elements], payload });
}

function joined(parts: readonly Part[]): JsonPayload {
  let total = 0;
  let kept = false;
  for (const part of parts) {
    if (typeof part === 'string') total += Buffer.byteLength(part);
    else {
      total += part.bytes.length;
      kept = true;
    }
  }
  const bytes = Buffer.allocUnsafe(total);
  let offset = 0;
  for (const part of parts) {
    if (typeof part === 'string') offset += bytes.write(part, offset);
    else {
      bytes.set(part.bytes, offset);
      offset += part.bytes.length;
    }
  }
  return kept ? { payload: bytes, byteLength: total, etag: piecesEtag(parts) } : { payload: bytes, byteLength: total };
}

function piecesEtag(parts: readonly Part[]): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(typeof part === 'string' ? part : part.digest);
  return `W/"${digest.digest('hex')}"`;
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
// A kept element's bytes and their digest, made once.
interface KeptBytes {
  readonly bytes: Buffer;
  readonly digest: Buffer;
}

type Part = string | KeptBytes;

function listParts(body: unknown): Part[] | undefined {
  if (isArray(body)) {
    const first = longListFirst(body);
    return first === undefined ? undefined : elementParts(body, first, []);
  }
  if (!isPlainObject(body)) return undefined;
  // Each long list's first element's text, worked out to tell it is long, is used again.
  const firsts = new Map<string, Part>();
  for (const key in body) {
    const value = body[key];
    if (hasOwnToJson(value)) return undefined;
    const first = isArray(value) ? longListFirst(value) : undefined;
    if (first !== undefined) firsts.set(key, first);
  }
  if (firsts.size === 0) return undefined;
  const parts: Part[] = ['{'];
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
function longListFirst(list: readonly unknown[]): Part | undefined {
  if (list.length < 2) return undefined;
  const first = elementText(list[0]);
  const length = typeof first === 'string' ? first.length : first.bytes.length;
  return length * list.length > LARGE_BODY_CHARACTERS ? first : undefined;
}

function elementParts(list: readonly unknown[], firstText: Part, parts: Part[]): Part[] | undefined {
  parts.push('[');
  for (let index = 0; index < list.length; index++) {
    const element = list[index];
    if (hasOwnToJson(element)) return undefined;
    if (index > 0) parts.push(',');
    parts.push(index === 0 ? firstText : elementText(element));
  }
  parts.push(']');
  return parts;
}

// Bytes of frozen elements, made once; an entry lives as long as its element.
const frozenElementBytes = new WeakMap<object, KeptBytes>();

function elementText(element: unknown): Part {
  if (typeof element !== 'object' || element === null || !Object.isFrozen(element)) return stringifiedElement(element);
  let kept = frozenElementBytes.get(element);
  if (kept === undefined) {
    const bytes = Buffer.from(stringifiedElement(element));
    kept = { bytes, digest: hash('sha256', bytes, 'buffer') };
    frozenElementBytes.set(element, kept);
  }
  return kept;
}

// JSON.stringify writes null for what it cannot represent inside an array.
function stringifiedElement(element: unknown): string {
  return (JSON.stringify(element) as string | undefined) ?? 'null';
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
