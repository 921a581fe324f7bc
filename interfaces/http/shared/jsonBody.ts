import express, { type RequestHandler } from 'express';
import { sendGithubError } from './githubError.js';

export interface JsonBodyOptions {
  readonly limit?: string | number;
}

// fatal: invalid UTF-8 is malformed JSON, not a string with replacement characters.
const utf8 = new TextDecoder('utf-8', { fatal: true });

// GitHub parses the body as JSON whatever the Content-Type says (curl -d sends form
// encoding by default), so the bytes are read raw and parsed here. Any JSON value is
// accepted: whether an object was expected is the route's decision.
export function jsonBody(options: JsonBodyOptions = {}): RequestHandler {
  const readRawBody = express.raw({ type: () => true, limit: options.limit ?? '25mb' });
  return (req, res, next) => {
    // Most requests (GET, HEAD) carry no body at all: nothing to read.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      req.body = undefined;
      next();
      return;
    }
    readRawBody(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      const parsed = parseJsonBytes(req.body);
      if (parsed.ok) {
        req.body = parsed.value;
        next();
      } else {
        sendGithubError(res, 400, 'Problems parsing JSON');
      }
    });
  };
}

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseJsonBytes(raw: unknown): Parsed {
  if (!Buffer.isBuffer(raw)) return { ok: true, value: undefined };
  try {
    const text = utf8.decode(raw);
    // An empty body means "no body" (DELETE, PUT without payload), not a parse error.
    if (text.trim() === '') return { ok: true, value: undefined };
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
