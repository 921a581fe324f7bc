import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { pino, type Logger } from 'pino';
import type { Caller } from './caller.js';

const REDACTED = '[REDACTED]';
const SECRET_QUERY_PARAMETERS = new Set(['access_token', 'client_secret', 'password', 'token']);

const BODY_REDACTION = { paths: ['password', 'client_secret', 'token', '*.password', '*.client_secret', '*.token'], censor: REDACTED };

// One line per request with method, url, user agent, status, duration and caller; never a
// secret: no other header is logged (Authorization, Cookie, X-GitHub-OTP never reach a log).
// Bodies are not logged at all; the logger handlers get as req.log redacts secret fields
// should one log a body. It is one child for all requests: a per-request child (or a
// per-request property definition) measured as the largest cost of a small GET.
//
// The line is the one log line every request writes, so it is formatted here, in pino's
// line format (level, time, the logger's bindings, then the fields and msg), and handed to
// the logger's own destination: pino's general-purpose serializer measured at a fifth of
// a small GET's whole time. Everything else logs through pino itself.
export function requestLog(logger: Logger): RequestHandler {
  const handlerLogger = logger.child({}, { redact: BODY_REDACTION });
  const destination = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym]!;
  // pino's own serialized bindings (pid, hostname, a child's fields), each preceded by a comma.
  const chindings = ((logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym] as string | undefined) ?? '';
  const levels = { info: logger.levels.values.info!, error: logger.levels.values.error! };
  function logCompleted(this: Response): void {
    const failed = this.statusCode >= 500;
    if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
    const req = this.req;
    const level = failed ? levels.error : levels.info;
    // Only the strings a client chose need JSON's escaping; the rest are known to be plain.
    destination.write(
      `{"level":${level},"time":${Date.now()}${chindings},"req":{"id":"${req.id}","method":${methodJson(req.method)},` +
        `"url":${JSON.stringify(redactUrl(req.originalUrl))},"remoteAddress":${jsonOrNull(req.socket.remoteAddress)},` +
        `"userAgent":${jsonOrNull(req.headers['user-agent'])}},"res":{"statusCode":${this.statusCode}},` +
        `"responseTime":${millisecondsText(performance.now() - req.receivedAt)},"callerId":${callerIdOf(this)},` +
        `"msg":"${failed ? 'request errored' : 'request completed'}"}\n`,
    );
  }
  return (req, res, next) => {
    req.receivedAt = performance.now();
    req.id = nextRequestId();
    req.log = handlerLogger;
    res.setHeader('x-github-request-id', req.id);
    res.on('finish', logCompleted);
    next();
  };
}

const METHOD_JSON = new Map(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => [method, `"${method}"`]));

function methodJson(method: string | undefined): string {
  return (method !== undefined && METHOD_JSON.get(method)) || jsonOrNull(method);
}

// Milliseconds to the microsecond, formatted from integers: a fraction's shortest decimal
// form (what a template literal gives a double) measured at 0.35 µs, a sixth of the line.
export function millisecondsText(milliseconds: number): string {
  const micros = Math.round(milliseconds * 1000);
  if (!(micros >= 0 && micros < Number.MAX_SAFE_INTEGER)) return '0';
  const whole = Math.floor(micros / 1000);
  const fraction = micros % 1000;
  return `${whole}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

function jsonOrNull(value: string | undefined): string {
  return value === undefined ? 'null' : JSON.stringify(value);
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
    // performance.now() when forgelog first saw the request, for durations.
    receivedAt: number;
  }
}
