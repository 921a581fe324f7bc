import type { RequestHandler } from 'express';

// GitHub's REST API takes AJAX requests from any origin ("Using CORS and JSONP to make
// cross-origin requests"): every answer carries Access-Control-Allow-Origin: * and exposes
// the headers a client reads (paging, rate limits, scopes, polling), whether the request had
// an Origin or not, as api.github.com's do: a read is public, max-age=60 (jsonResponse.ts),
// and one a shared cache kept from a request without an Origin is served to a browser next,
// which refuses it without them (the alternative, Vary: Origin, GitHub does not send). A
// browser's preflight (OPTIONS) is answered 204 before authentication, as it carries no
// credentials; with or without an Origin, so no OPTIONS falls through to express's own answer
// (200, text/plain "GET, HEAD, PATCH", charged against the rate limit).
// Both lists are the ones api.github.com sends today, not the shorter ones of the docs' old
// example: a browser reads only what is exposed, and forgelog sends a 201's Location,
// X-RateLimit-Used and -Resource, X-GitHub-Media-Type, X-GitHub-Request-Id and the
// Authorizations API's Deprecation and Sunset; and a preflight naming a request header the
// allowed list lacks fails the request, where GitHub's docs tell clients to send
// X-GitHub-Api-Version.
const EXPOSED =
  'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, ' +
  'X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, ' +
  'Deprecation, Sunset, Warning';
const ALLOWED_HEADERS =
  'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, ' +
  'X-Requested-With, User-Agent, GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version';
const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE';
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

export function crossOrigin(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', EXPOSED);
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    res.status(204).end();
  };
}
