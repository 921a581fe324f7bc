import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Caller } from './caller.js';

const REDACTED = '[REDACTED]';
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-github-otp']);
const SECRET_QUERY_PARAMETERS = new Set(['access_token', 'client_secret', 'password', 'token']);

// One line per request with method, url, status, duration and caller; never a secret.
// Bodies are not logged at all; the redact paths also cover a handler that logs one.
export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    redact: {
      paths: ['password', 'client_secret', 'token', '*.password', '*.client_secret', '*.token'],
      censor: REDACTED,
    },
    serializers: {
      req: (req: SerializedRequest) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.remoteAddress,
        headers: redactHeaders(req.headers),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // The caller is known only after authentication ran, so it joins the completion line.
    customSuccessObject: (_req, res, fields: object) => ({ ...fields, callerId: callerIdOf(res) }),
    customErrorObject: (_req, res, _error, fields: object) => ({ ...fields, callerId: callerIdOf(res) }),
  });
}

interface SerializedRequest {
  readonly id: unknown;
  readonly method: string;
  readonly url: string;
  readonly remoteAddress?: string;
  readonly headers: IncomingHttpHeaders;
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
