import type { Request, RequestHandler, Response } from 'express';
import { clientProtocol } from './clientAddress.js';

// Every URL a body carries starts from the configured base, as GitHub Enterprise's do, or
// from the address the client used when none is configured.
export interface ApiUrls {
  readonly base: string;
  // The base's host[:port], for git:// and ssh URLs.
  readonly host: string;
  api(path: string): string;
  html(path: string): string;
}

export function apiUrls(base: string): ApiUrls {
  return {
    base,
    host: hostOf(base),
    api: (path) => `${base}${path}`,
    html: (path) => `${base}${path}`,
  };
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

export function resolveApiUrls(configuredBase: string | undefined): RequestHandler {
  const fixed = configuredBase === undefined ? undefined : apiUrls(configuredBase);
  const byBase = new Map<string, ApiUrls>();
  return (req, res, next) => {
    if (fixed) {
      res.locals.urls = fixed;
      return next();
    }
    const base = requestBase(req);
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
