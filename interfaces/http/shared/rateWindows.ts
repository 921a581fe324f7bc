import type { Caller } from './caller.js';
import type { RateLimitResource, RateLimitSettings } from './rateLimit.js';

export interface RateWindow {
  readonly limit: number;
  readonly resetAtMs: number;
  used: number;
}

export interface RateWindows {
  current(resource: RateLimitResource, caller: Caller): RateWindow;
  peek(resource: RateLimitResource, caller: Caller): RateWindow;
  size(): number;
}

// Fixed windows per (resource, caller), opened by the caller's first request. Expired
// windows are dropped on a sweep at most once per shortest window, so memory stays
// bounded by the callers active within one window.
export function rateWindows(settings: Pick<RateLimitSettings, RateLimitResource | 'clock'>): RateWindows {
  const windows = new Map<string, RateWindow>();
  const sweepEveryMs = Math.min(settings.core.windowSeconds, settings.search.windowSeconds, settings.code_search.windowSeconds) * 1000;
  let nextSweepAtMs = -Infinity;

  const sweepExpired = (now: number): void => {
    if (now < nextSweepAtMs) return;
    for (const [key, window] of windows) if (window.resetAtMs <= now) windows.delete(key);
    nextSweepAtMs = now + sweepEveryMs;
  };

  const openWindow = (resource: RateLimitResource, caller: Caller, now: number): RateWindow => {
    const quota = settings[resource];
    // An application's client credentials get the signed-in figure, as on GitHub.
    const limit = caller.kind === 'anonymous' ? quota.anonymous : quota.authenticated;
    return { limit, used: 0, resetAtMs: now + quota.windowSeconds * 1000 };
  };

  const liveWindow = (key: string, now: number): RateWindow | undefined => {
    const window = windows.get(key);
    return window !== undefined && window.resetAtMs > now ? window : undefined;
  };

  return {
    current(resource, caller) {
      const now = settings.clock();
      sweepExpired(now);
      const key = windowKey(resource, caller);
      const window = liveWindow(key, now) ?? openWindow(resource, caller, now);
      windows.set(key, window);
      return window;
    },
    peek(resource, caller) {
      const now = settings.clock();
      return liveWindow(windowKey(resource, caller), now) ?? openWindow(resource, caller, now);
    },
    size: () => windows.size,
  };
}

function windowKey(resource: RateLimitResource, caller: Caller): string {
  if (caller.kind === 'user') return `${resource}:user:${caller.userId}`;
  if (caller.kind === 'application') return `${resource}:application:${caller.applicationId}`;
  return `${resource}:ip:${caller.ip}`;
}
