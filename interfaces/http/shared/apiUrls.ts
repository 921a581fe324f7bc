import type { Request, RequestHandler, Response } from 'express';
import { clientProtocol } from './clientAddress.js';

// Every URL a body carries starts from the configured base, as GitHub Enterprise's do, or
// from the address the client used when none is configured.
export interface ApiUrls {
  readonly base: string;
  // The base's host[:port].
  readonly host: string;
  // The base's host name alone, for git:// and ssh URLs (`git@host:owner/repo.git` has no
  // place for a port).
  readonly hostname: string;
  api(path: string): string;
  html(path: string): string;
}

// GitHub Enterprise serves its API under /api/v3 and its web pages (and clone URLs) at the
// root of the same host: a base ending in /api/v3 gives html URLs without it.
export function apiUrls(base: string): ApiUrls {
  const htmlBase = base.replace(/\/api\/v3$/, '');
  return {
    base,
    host: hostOf(base),
    hostname: hostnameOf(base),
    api: (path) => `${base}${path}`,
    html: (path) => `${htmlBase}${path}`,
  };
}

function hostnameOf(base: string): string {
  try {
    return new URL(base).hostname;
  } catch {
    return hostOf(base).replace(/:\d+$/, '');
  }
}

// A client's Host header may be anything; it must not make a URL parser throw.
function hostOf(base: string): string {
  try {
    return new URL(base).host;
  } catch {
    return base.replace(/^[a-z]+:\/\//i, '');
  }
}

export function requestBase(req: Request): string {
  return `${clientProtocol(req)}://${req.headers.host ?? 'localhost'}`;
}

const URLS_CACHE_LIMIT = 64;

// The path a configured base carries (`/api/v3` in https://git.example.com/api/v3), or ''.
export function basePathOf(configuredBase: string | undefined): string {
  if (configuredBase === undefined) return '';
  try {
    return new URL(configuredBase).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

export function resolveApiUrls(configuredBase: string | undefined): RequestHandler {
  const fixed = configuredBase === undefined ? undefined : apiUrls(configuredBase);
  const prefix = basePathOf(configuredBase);
  const byBase = new Map<string, ApiUrls>();
  // Without a configured base, GitHub Enterprise's /api/v3 is accepted too, so a client set up
  // for an Enterprise server works unchanged.
  const servedPrefix = prefix === '' ? '/api/v3' : prefix;
  return (req, res, next) => {
    // Requests under the base's path reach the same routes as at the root.
    const url = req.url;
    const underPrefix =
      url.startsWith(servedPrefix) && (url.length === servedPrefix.length || url[servedPrefix.length] === '/' || url[servedPrefix.length] === '?');
    if (underPrefix) {
      const rest = url.slice(servedPrefix.length);
      req.url = rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
    }
    if (fixed) {
      res.locals.urls = fixed;
      return next();
    }
    // A client that came in under /api/v3 is given API URLs under it too (as the Link header
    // it gets), web and clone URLs at the root: what an Enterprise server would answer.
    const base = underPrefix ? `${requestBase(req)}${servedPrefix}` : requestBase(req);
    let urls = byBase.get(base);
    if (!urls) {
      if (byBase.size >= URLS_CACHE_LIMIT) byBase.clear();
      urls = apiUrls(base);
      byBase.set(base, urls);
    }
    res.locals.urls = urls;
    next();
  };
}

export function urlsOf(res: Response): ApiUrls {
  return res.locals.urls as ApiUrls;
}

// A path of names (a file's path, a ref holding slashes) in a URL: each segment
// percent-encoded, the slashes kept, so `100%.txt` or `a#b` links to itself.
export const pathInUrl = (path: string): string => path.split('/').map(encodeURIComponent).join('/');
