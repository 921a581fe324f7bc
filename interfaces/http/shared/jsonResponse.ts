import type { ServerResponse } from 'node:http';
import type { Response } from 'express';
import { callerOf } from './caller.js';
import { isNotModified, weakEtag } from './conditionalGet.js';
import { jsonPayload, type JsonPayload } from './jsonPayload.js';

// Header names on the hot paths are written lowercase, as GitHub's API sends them: node keys
// every header by its lowercased name, and an already-lowercase literal is that key itself
// (a mixed-case one cost a new string and a look-up in V8's string table, each call).

// The representation depends on the media type and on who asks, as GitHub declares.
const VARY = 'Accept, Authorization, Cookie, X-GitHub-OTP';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
// How long a read may be kept, as GitHub says it: a minute, by the caller's own cache alone
// when it answers a signed-in caller (its body is theirs), by any cache otherwise.
const CACHE_CONTROL_SIGNED_IN = 'private, max-age=60, s-maxage=60';
const CACHE_CONTROL_ANONYMOUS = 'public, max-age=60, s-maxage=60';

// Every JSON answer goes out through here (the server's res.json, see expressOnNodeHttp.ts):
// express's res.json → res.send converts the text to a Buffer, parses the Content-Type to
// add a charset, hashes for its own ETag and checks freshness again. Here the bytes are made
// once (jsonPayload.ts) and the validators computed from them once.
export function writeJson(res: Response, body: unknown): void {
  if (res.statusCode === 201) locateCreated(res, body);
  if (typeof body === 'object' && body !== null && Object.isFrozen(body)) return writeText(res, JSON_CONTENT_TYPE, serializedOnce(body));
  writeText(res, JSON_CONTENT_TYPE, body === undefined ? NO_BODY : jsonPayload(body));
}

const NO_BODY: JsonPayload = { payload: '', byteLength: 0 };

// GitHub answers a creation (201) with `Location`: the new resource's API URL, which is the
// `url` of the body. Set here once, for every area, unless a route chose its own.
function locateCreated(res: Response, body: unknown): void {
  if (res.getHeader('location') !== undefined || typeof body !== 'object' || body === null) return;
  const url = (body as { url?: unknown }).url;
  if (typeof url === 'string') res.setHeader('location', url);
}

interface Serialized extends JsonPayload {
  readonly etag: string;
}

// A frozen body (a kept encoding, see encodingCache.ts) cannot change: its text, length and
// ETag are computed the first time it is written. Entries live as long as the body does.
const serializedBodies = new WeakMap<object, Serialized>();

function serializedOnce(body: object): Serialized {
  let serialized = serializedBodies.get(body);
  if (!serialized) {
    const bytes = jsonPayload(body);
    serialized = { ...bytes, etag: bytes.etag ?? weakEtag(bytes.payload) };
    serializedBodies.set(body, serialized);
  }
  return serialized;
}

// Every 200 and 201 gets an ETag computed from the bytes it sends and GitHub's Cache-Control
// (a write's too, as GitHub's: the tag lets the next read be conditional); a GET or HEAD
// whose validators still match is answered 304 with an empty body.
function writeText(res: Response, contentType: string, body: JsonPayload & { readonly etag?: string }): void {
  const method = res.req.method;
  const isRead = method === 'GET' || method === 'HEAD';
  if (isRead) res.setHeader('vary', VARY);
  if (res.statusCode === 200 || res.statusCode === 201) {
    setCacheControl(res);
    if (res.getHeader('etag') === undefined) res.setHeader('etag', body.etag ?? weakEtag(body.payload));
    if (isRead && res.statusCode === 200 && isNotModified(res.req, res)) {
      res.statusCode = 304;
      res.locals.notModified = true;
    }
  }
  if (res.statusCode === 204 || res.statusCode === 304) return endWithoutBody(res);
  if (res.getHeader('content-type') === undefined) res.setHeader('content-type', contentType);
  res.setHeader('content-length', body.byteLength);
  if (method === 'HEAD') res.end();
  else res.end(body.payload);
}

// For a route that sets its own validators (ETag, Last-Modified) before it has a body: a
// request they still match is answered 304 here, as writeText answers one, and the route
// need not build the body at all.
export function sendNotModifiedIfFresh(res: Response): boolean {
  res.setHeader('vary', VARY);
  setCacheControl(res);
  if (!isNotModified(res.req, res)) return false;
  res.statusCode = 304;
  res.locals.notModified = true;
  endWithoutBody(res);
  return true;
}

// Answers with a body (200, 201) and 304s: errors carry none, as GitHub's. The web's
// answers (Atom feeds) and git's are not the API's: the API's minute is not said of them.
function setCacheControl(res: Response): void {
  if (res.getHeader('cache-control') !== undefined) return;
  const resource = res.locals.rateLimitResource as string | undefined;
  if (resource === 'web' || resource === 'git') return;
  res.setHeader('cache-control', callerOf(res).kind === 'user' ? CACHE_CONTROL_SIGNED_IN : CACHE_CONTROL_ANONYMOUS);
}

// No body, so none of the headers that describe one (RFC 9110 sections 6.4.1 and 15.4.5).
// (removeHeader validates its name each call: looked for first, as a 304 rarely has them.)
function endWithoutBody(res: ServerResponse): void {
  for (const name of BODY_HEADERS) if (res.hasHeader(name)) res.removeHeader(name);
  res.end();
}

const BODY_HEADERS = ['content-type', 'content-length', 'transfer-encoding'];
