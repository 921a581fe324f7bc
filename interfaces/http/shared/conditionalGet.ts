import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';

// Conditional GET's pieces: the ETag of a body, whether a request's validators still match,
// and the feed headers. jsonResponse.ts applies them to every JSON answer.

// Readable by later middleware and observers (the rate limiter refunds a 304).
export function wasNotModified(res: Response): boolean {
  return res.locals.notModified === true;
}

// GitHub's ETags are weak and quoted: W/"<hex digest>".
export function weakEtag(body: string | Buffer): string {
  return `W/"${hash('sha256', body, 'hex')}"`;
}

// RFC 9110: If-None-Match decides when present; If-Modified-Since only without it.
export function isNotModified(req: IncomingMessage, res: ServerResponse): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, res.getHeader('etag') as string | undefined);
  const ifModifiedSince = req.headers['if-modified-since'];
  const lastModified =
    ((res as Partial<Response>).locals?.[COMPARED_LAST_MODIFIED] as string | undefined) ?? (res.getHeader('last-modified') as string | undefined);
  if (ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

// Weak comparison (a GET may use it): W/"x", "x" and a bare x all name the same tag.
export function etagMatches(ifNoneMatch: string, etag: string | undefined): boolean {
  if (etag === undefined) return false;
  // A poller sends back the tag it was given: compared as it stands before any parsing.
  if (ifNoneMatch === etag) return true;
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
const POLL_INTERVAL_TEXT = new Map<number, string>();

export function setPollInterval(res: Response, seconds: number): void {
  let text = POLL_INTERVAL_TEXT.get(seconds);
  if (text === undefined) POLL_INTERVAL_TEXT.set(seconds, (text = String(seconds)));
  res.setHeader('x-poll-interval', text);
}

export function setLastModified(res: Response, date: Date): void {
  res.setHeader('last-modified', date.toUTCString());
}

// What If-Modified-Since is compared with when the Last-Modified sent was dated back.
const COMPARED_LAST_MODIFIED = 'lastModifiedCompared';

// An HTTP date tells seconds only: a feed answered within the second of its newest change may
// change again within that second, and a poll sending that date back would get a 304 for the
// change. Such an answer is dated a second earlier, while If-Modified-Since is still compared
// with the change's own second: the next poll gets the page (200), dated as it is once that
// second has passed, and 304s from then on.
export function setPolledLastModified(res: Response, modified: number, modifiedHttp: string, now: number): void {
  const sameSecond = Math.floor(modified / 1000) === Math.floor(now / 1000);
  res.setHeader('last-modified', sameSecond ? new Date(modified - 1000).toUTCString() : modifiedHttp);
  res.locals[COMPARED_LAST_MODIFIED] = modifiedHttp;
}
