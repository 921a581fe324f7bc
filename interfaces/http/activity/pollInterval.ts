import { performance } from 'node:perf_hooks';

// GitHub's X-Poll-Interval: 60 seconds, more when the server is busy. Busy is measured as
// the event loop's utilization over the last few seconds (the share of time spent running
// code rather than waiting): above 80% pollers are asked to wait twice as long, above 95%
// five times as long.
export const BASE_POLL_INTERVAL_SECONDS = 60;

export function pollIntervalFor(utilization: number): number {
  if (utilization > 0.95) return BASE_POLL_INTERVAL_SECONDS * 5;
  if (utilization > 0.8) return BASE_POLL_INTERVAL_SECONDS * 2;
  return BASE_POLL_INTERVAL_SECONDS;
}

const SAMPLE_MS = 2_000;

// The utilization of the last complete sampling window, measured when asked.
export function eventLoopLoad(): () => number {
  let windowStart = performance.eventLoopUtilization();
  let windowStartedAt = performance.now();
  let last = 0;
  return () => {
    const now = performance.now();
    if (now - windowStartedAt >= SAMPLE_MS) {
      const current = performance.eventLoopUtilization();
      last = performance.eventLoopUtilization(current, windowStart).utilization;
      windowStart = current;
      windowStartedAt = now;
    }
    return last;
  };
}
