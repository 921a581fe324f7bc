import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../../../infrastructure/shared/config/config.js';
import { callerOf, type Caller } from './caller.js';
import { clientIp } from './clientAddress.js';
import { sendGithubError } from './githubError.js';
import { rateWindows, type RateWindow, type RateWindows } from './rateWindows.js';

export type RateLimitResource = 'core' | 'search' | 'code_search';

export interface RateLimitQuota {
  readonly authenticated: number;
  readonly anonymous: number;
  readonly windowSeconds: number;
}

export interface RateLimitSettings {
  readonly enabled: boolean;
  readonly core: RateLimitQuota;
  readonly search: RateLimitQuota;
  readonly code_search: RateLimitQuota;
  readonly clock: () => number;
}

export interface RateLimiter {
  readonly middleware: RequestHandler;
  readonly statusHandler: RequestHandler;
}

export const RATE_LIMIT_DOCUMENTATION_URL = 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting';

// The limits are settings (FORGELOG_RATE_LIMIT_*, with GitHub.com's figures as defaults);
// FORGELOG_RATE_LIMITS=off turns them off, as GitHub Enterprise Server ships.
export function rateLimitSettingsFrom(limits: Config['rateLimits'], clock: () => number): RateLimitSettings {
  return {
    enabled: limits.enabled,
    core: { authenticated: limits.coreAuthenticated, anonymous: limits.coreAnonymous, windowSeconds: 3600 },
    search: { authenticated: limits.searchAuthenticated, anonymous: limits.searchAnonymous, windowSeconds: 60 },
    code_search: { authenticated: limits.codeSearchAuthenticated, anonymous: limits.codeSearchAnonymous, windowSeconds: 60 },
    clock,
  };
}

// GitHub counts every /search/... request against the search budget, but /search/code
// against a budget of its own (code_search, 10 a minute). Matched case-insensitively, as the
// routes are: /SEARCH/code is /search/code, and spends its budget.
export function searchRoutesUseSearchBudget(): RequestHandler {
  return (req, res, next) => {
    if (/^\/search\/code(\/?)(\?|$)/i.test(req.url)) res.locals.rateLimitResource = 'code_search';
    else if (/^\/search\//i.test(req.url)) res.locals.rateLimitResource = 'search';
    next();
  };
}

const LIMITED_RESOURCES: ReadonlySet<string> = new Set<RateLimitResource>(['search', 'code_search']);

interface RateLimitCharge {
  readonly window: RateWindow;
  readonly resource: RateLimitResource;
  refunded: boolean;
}

export function rateLimiter(settings: RateLimitSettings): RateLimiter {
  const windows = rateWindows(settings);
  return {
    middleware: (req, res, next) => {
      // git over HTTP and the web's Atom feeds are not the REST API: GitHub counts neither
      // clones nor a feed reader's polls against its limits.
      if (!settings.enabled || res.locals.rateLimitResource === 'git' || res.locals.rateLimitResource === 'web') {
        next();
        return;
      }
      const named = res.locals.rateLimitResource as string | undefined;
      const resource: RateLimitResource = named !== undefined && LIMITED_RESOURCES.has(named) ? (named as RateLimitResource) : 'core';
      const caller = identifiedCaller(req, res);
      const window = windows.current(resource, caller);
      if (window.used >= window.limit) {
        writeRateHeaders(res, window, resource);
        sendGithubError(res, 403, exceededMessage(caller), { documentationUrl: RATE_LIMIT_DOCUMENTATION_URL });
        return;
      }
      window.used += 1;
      res.locals.rateLimitCharge = { window, resource, refunded: false } satisfies RateLimitCharge;
      writeRateHeaders(res, window, resource);
      // A 304 costs nothing, and the headers sent with it already show the refund.
      beforeHeadersWritten(res, (statusCode) => {
        if (statusCode === 304) refundCharge(res);
      });
      next();
    },
    statusHandler: (req, res) => statusResponse(settings, windows, req, res),
  };
}

// GET /rate_limit: never counts, even when mounted behind the limiter.
function statusResponse(settings: RateLimitSettings, windows: RateWindows, req: Request, res: Response): void {
  if (!settings.enabled) {
    sendGithubError(res, 404, 'Rate limiting is not enabled.');
    return;
  }
  refundCharge(res);
  const caller = identifiedCaller(req, res);
  const coreWindow = windows.peek('core', caller);
  const core = rateSnapshot(coreWindow, 'core');
  const search = rateSnapshot(windows.peek('search', caller), 'search');
  const codeSearch = rateSnapshot(windows.peek('code_search', caller), 'code_search');
  writeRateHeaders(res, coreWindow, 'core');
  res.json({ resources: { core, search, code_search: codeSearch }, rate: core });
}

function refundCharge(res: Response): void {
  const charge = res.locals.rateLimitCharge as RateLimitCharge | undefined;
  if (!charge || charge.refunded) return;
  charge.refunded = true;
  charge.window.used = Math.max(0, charge.window.used - 1);
  if (!res.headersSent) writeRateHeaders(res, charge.window, charge.resource);
}

// The authentication middleware sets the caller (a user, an application by its verified
// client credentials, or anonymous); without it the socket address is the key.
function identifiedCaller(req: Request, res: Response): Caller {
  const caller = callerOf(res);
  if (caller.kind !== 'anonymous' || caller.ip !== '') return caller;
  return { kind: 'anonymous', ip: clientIp(req) || 'unknown' };
}

function exceededMessage(caller: Caller): string {
  if (caller.kind === 'user') return `API rate limit exceeded for user ID ${caller.userId}.`;
  if (caller.kind === 'application') return `API rate limit exceeded for OAuth application ${caller.clientId}.`;
  return (
    `API rate limit exceeded for ${caller.ip}. (But here's the good news: Authenticated requests get a higher ` +
    'rate limit. Check out the documentation for more details.)'
  );
}

function rateSnapshot(window: RateWindow, resource: RateLimitResource) {
  return {
    limit: window.limit,
    remaining: Math.max(0, window.limit - window.used),
    reset: Math.ceil(window.resetAtMs / 1000),
    used: window.used,
    resource,
  };
}

function writeRateHeaders(res: Response, window: RateWindow, resource: RateLimitResource): void {
  const snapshot = rateSnapshot(window, resource);
  res.setHeader('x-ratelimit-limit', String(snapshot.limit));
  res.setHeader('x-ratelimit-remaining', String(snapshot.remaining));
  res.setHeader('x-ratelimit-reset', String(snapshot.reset));
  res.setHeader('x-ratelimit-used', String(snapshot.used));
  res.setHeader('x-ratelimit-resource', resource);
}

// Node writes the status line through writeHead (res.end calls it too), so this is the
// last moment the final status is known and headers can still change.
function beforeHeadersWritten(res: Response, listener: (statusCode: number) => void): void {
  const writeHead = res.writeHead as (...args: unknown[]) => Response;
  let notified = false;
  res.writeHead = function writeHeadAfterListener(this: Response, ...args: unknown[]) {
    if (!notified) {
      notified = true;
      listener(typeof args[0] === 'number' ? args[0] : res.statusCode);
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}
