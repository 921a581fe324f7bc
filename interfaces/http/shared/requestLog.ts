import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Caller } from './caller.js';

const REDACTED = '[REDACTED]';
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-github-otp']);
const SECRET_QUERY_PARAMETERS = new Set(['access_token', 'client_secret', 'password', 'token']);

const BODY_REDACTION = { paths: ['password', 'client_secret', 'token', '*.password', '*.client_secret', '*.token'], censor: REDACTED };

// One line per request with method, url, status, duration and caller; never a secret.
// Bodies are not logged at all; a handler's own logger (req.log, made only when a handler
// asks for it) redacts secret fields should one log a body.
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = assignRequestId(req, res);
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (child ??= logger.child({ req: { id } }, { redact: BODY_REDACTION })) });
    res.once('finish', () => {
      const fields = {
        req: { id, method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress, headers: redactHeaders(req.headers) },
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

// GitHub-shaped request id, echoed so a client can quote it in a bug report.
function assignRequestId(_req: IncomingMessage, res: ServerResponse): string {
  const hex = randomBytes(14).toString('hex').toUpperCase();
  const id = [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 14), hex.slice(14, 20), hex.slice(20, 28)].join(':');
  res.setHeader('X-GitHub-Request-Id', id);
  return id;
}

function callerIdOf(res: ServerResponse): number | null {
  const caller = (res as ServerResponse & { locals?: { caller?: Caller } }).locals?.caller;
  return caller?.kind === 'user' ? caller.userId : null;
}

function redactHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value]),
  );
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
    readonly log: Logger;
  }
}
