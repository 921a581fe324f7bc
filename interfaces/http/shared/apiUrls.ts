import type { Request, RequestHandler, Response } from 'express';
import { clientProtocol } from './clientAddress.js';

// Every URL a body carries starts from the configured base, as GitHub Enterprise's do, or
// from the address the client used when none is configured.
export interface ApiUrls {
  readonly base: string;
  api(path: string): string;
  html(path: string): string;
}

export function apiUrls(base: string): ApiUrls {
  return {
    base,
    api: (path) => `${base}${path}`,
    html: (path) => `${base}${path}`,
  };
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
