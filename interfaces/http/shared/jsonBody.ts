import type { Request, RequestHandler, Response } from 'express';
import { callerOf } from './caller.js';
import { sendGithubError } from './githubError.js';
import { lingeringClose } from './lingeringClose.js';

export interface JsonBodyOptions {
  // for a signed-in caller; GitHub's largest bodies (blobs) are this order of size
  readonly limit?: number;
  // for an anonymous one, who can change nothing: a body is read only to be refused
  readonly anonymousLimit?: number;
}

const DEFAULT_LIMIT = 25 * 1024 * 1024;
const DEFAULT_ANONYMOUS_LIMIT = 64 * 1024;

// Refused at once from its declared length, before a byte is kept, and the connection
// closed (refuseRest) so the client stops sending.
function tooLarge(res: Response): void {
  res.setHeader('Connection', 'close');
  sendGithubError(res, 413, 'Request body too large');
}

// fatal: invalid UTF-8 is malformed JSON, not a string with replacement characters.
const utf8 = new TextDecoder('utf-8', { fatal: true });

// GitHub parses the body as JSON whatever the Content-Type says (curl -d sends form
// encoding by default), so the bytes are read raw and parsed here. Any JSON value is
// accepted: whether an object was expected is the route's decision. Mounted after
// authentication and the rate limiter: nobody makes the server buffer a body before it
// knows who is asking and has counted the request, and an anonymous caller (who can
// change nothing) has a small limit. The limit holds while streaming too: past it the
// answer goes out at once and the connection is closed (a body parser that waits for the
// rest of the body to end first would let a client hold it open forever).
export function jsonBody(options: JsonBodyOptions = {}): RequestHandler {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const anonymousLimit = options.anonymousLimit ?? DEFAULT_ANONYMOUS_LIMIT;
  return (req, res, next) => {
    // Most requests (GET, HEAD) carry no body at all: nothing to read.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      req.body = undefined;
      next();
      return;
    }
    const allowed = callerOf(res).kind === 'user' ? limit : anonymousLimit;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > allowed) return refuseRest(req, res);
    const chunks: Buffer[] = [];
    let received = 0;
    let refused = false;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > allowed) {
        refused = true;
        req.off('data', onData);
        return refuseRest(req, res);
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      if (refused) return;
      const parsed = parseJsonBytes(Buffer.concat(chunks, received));
      if (parsed.ok) {
        req.body = parsed.value;
        next();
      } else {
        sendGithubError(res, 400, 'Problems parsing JSON');
      }
    });
    // A client that goes away mid-body needs no answer.
    req.once('error', () => undefined);
  };
}

// 413, then the connection is closed once the answer is out and the client has stopped
// sending (lingeringClose.ts): the rest is read and dropped, never kept. Node ends an answer
// saying `Connection: close` with socket.destroySoon(), which destroys the socket as soon as
// the answer is written: for this socket it closes lingering instead.
function refuseRest(req: Request, res: Response): void {
  const socket = req.socket;
  socket.destroySoon = () => lingeringClose(socket, { incoming: req });
  // What arrives until then is read (node's parser hands it to the request) and dropped.
  req.on('data', () => undefined);
  tooLarge(res);
}

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseJsonBytes(raw: Buffer): Parsed {
  try {
    const text = utf8.decode(raw);
    // An empty body means "no body" (DELETE, PUT without payload), not a parse error.
    if (text.trim() === '') return { ok: true, value: undefined };
    const value = JSON.parse(text) as unknown;
    return acceptable(value, 0) ? { ok: true, value } : { ok: false };
  } catch {
    return { ok: false };
  }
}

// Node 20's String.prototype.isWellFormed, which the ES2022 lib the build targets does not name.
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

// As Rails' JSON parser (max_nesting 100), GitHub's.
const MAX_NESTING = 100;

// JSON text may escape half a surrogate pair (`"\ud800"`), which is no text at all: stored, it
// made a label unreadable (encodeURIComponent throws on it). Values nested deeper than any
// body GitHub takes are refused too (a serializer would run out of stack on them).
function acceptable(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isWellFormed(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_NESTING) return false;
  if (Array.isArray(value)) return value.every((element) => acceptable(element, depth + 1));
  for (const [key, element] of Object.entries(value)) if (!isWellFormed(key) || !acceptable(element, depth + 1)) return false;
  return true;
}
