import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Caller } from './caller.js';

const REDACTED = '[REDACTED]';
const SECRET_QUERY_PARAMETERS = new Set(['access_token', 'client_secret', 'password', 'token']);

const BODY_REDACTION = { paths: ['password', 'client_secret', 'token', '*.password', '*.client_secret', '*.token'], censor: REDACTED };

// One line per request with method, url, user agent, status, duration and caller; never a
// secret: no other header is logged (Authorization, Cookie, X-GitHub-OTP never reach a log).
// Bodies are not logged at all; the logger handlers get as req.log redacts secret fields
// should one log a body. It is one child for all requests: a per-request child (or a
// per-request property definition) measured as the largest cost of a small GET.
export function requestLog(logger: Logger): RequestHandler {
  const handlerLogger = logger.child({}, { redact: BODY_REDACTION });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = nextRequestId();
    res.setHeader('X-GitHub-Request-Id', id);
    req.id = id;
    req.log = handlerLogger;
    res.once('finish', () => {
      const fields = {
        req: { id, method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress, userAgent: req.headers['user-agent'] },
        res: { statusCode: res.statusCode },
        responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        callerId: callerIdOf(res),
      };
      if (res.statusCode >= 500) logger.error(fields, 'request errored');
      else logger.info(fields, 'request completed');
    });
    next();
  };
}

// GitHub-shaped request id (4:4:6:6:8 hex digits), echoed so a client can quote it in a bug
// report: random per process, then a per-process counter, so ids never repeat.
const processPart = randomBytes(4).toString('hex').toUpperCase();
const processSuffix = randomBytes(4).toString('hex').toUpperCase();
let requestCounter = 0;
function nextRequestId(): string {
  const count = (requestCounter++).toString(16).toUpperCase().padStart(12, '0');
  return `${processPart.slice(0, 4)}:${processPart.slice(4)}:${count.slice(0, 6)}:${count.slice(6)}:${processSuffix}`;
}

function callerIdOf(res: ServerResponse): number | null {
  const caller = (res as ServerResponse & { locals?: { caller?: Caller } }).locals?.caller;
  return caller?.kind === 'user' ? caller.userId : null;
}

// Tokens in the query string (?access_token=, ?client_secret=) are as secret as headers.
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const nameEnd = pair.indexOf('=');
      const name = nameEnd < 0 ? pair : pair.slice(0, nameEnd);
      return SECRET_QUERY_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

declare module 'http' {
  interface IncomingMessage {
    id: string;
    log: Logger;
  }
}
