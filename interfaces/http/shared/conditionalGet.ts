import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

// Validators for GET and HEAD: every 200 gets an ETag computed from the bytes it sends,
// and a request whose validators still match is answered 304 with an empty body.
// res.json ends in res.send in express 5, so wrapping send covers both.
const VARY_FIELDS = ['Accept', 'Authorization', 'Cookie', 'X-GitHub-OTP'];
const VARY = VARY_FIELDS.join(', ');

export function conditionalGet(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    // The representation depends on the media type and on who asks, as GitHub declares.
    if (res.getHeader('Vary') === undefined) res.setHeader('Vary', VARY);
    else for (const field of VARY_FIELDS) res.vary(field);
    const send = res.send.bind(res);
    res.send = ((body?: unknown) => {
      if (typeof body === 'string' || Buffer.isBuffer(body)) applyValidators(req, res, body);
      return send(body);
    }) as Response['send'];
    next();
  };
}

// Readable by later middleware (the rate limiter refunds a 304).
export function wasNotModified(res: Response): boolean {
  return res.locals.notModified === true;
}

function applyValidators(req: Request, res: Response, body: string | Buffer): void {
  if (res.statusCode !== 200) return;
  if (res.get('ETag') === undefined) res.setHeader('ETag', weakEtag(body));
  if (!isNotModified(req, res)) return;
  // express strips Content-Type, Content-Length and the body from a 304 in res.send.
  res.status(304);
  res.locals.notModified = true;
}

// GitHub's ETags are weak and quoted: W/"<hex digest>".
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('hex')}"`;
}

// RFC 9110: If-None-Match decides when present; If-Modified-Since only without it.
function isNotModified(req: Request, res: Response): boolean {
  const ifNoneMatch = req.get('If-None-Match');
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, res.get('ETag'));
  const ifModifiedSince = req.get('If-Modified-Since');
  const lastModified = res.get('Last-Modified');
  if (ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

// Weak comparison (a GET may use it): W/"x", "x" and a bare x all name the same tag.
export function etagMatches(ifNoneMatch: string, etag: string | undefined): boolean {
  if (etag === undefined) return false;
  const current = opaqueTag(etag);
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || (candidate !== '' && opaqueTag(candidate) === current));
}

function opaqueTag(tag: string): string {
  const withoutWeakPrefix = tag.replace(/^W\//i, '');
  return withoutWeakPrefix.replace(/^"(.*)"$/, '$1');
}

// Feeds tell pollers how long to wait, in seconds, as GitHub's events API does.
export function setPollInterval(res: Response, seconds: number): void {
  res.setHeader('X-Poll-Interval', String(seconds));
}

export function setLastModified(res: Response, date: Date): void {
  res.setHeader('Last-Modified', date.toUTCString());
}
