import type { Request, RequestHandler, Response } from 'express';

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
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function resolveApiUrls(configuredBase: string | undefined): RequestHandler {
  const fixed = configuredBase === undefined ? undefined : apiUrls(configuredBase);
  return (req, res, next) => {
    res.locals.urls = fixed ?? apiUrls(requestBase(req));
    next();
  };
}

export function urlsOf(res: Response): ApiUrls {
  return res.locals.urls as ApiUrls;
}
