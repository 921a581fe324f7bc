// GitHub's X-Poll-Interval: 60 seconds, more when the server is busy (its ServerLoad): above
// 80% pollers are asked to wait twice as long, above 95% five times as long.
export const BASE_POLL_INTERVAL_SECONDS = 60;

export function pollIntervalFor(utilization: number): number {
  if (utilization > 0.95) return BASE_POLL_INTERVAL_SECONDS * 5;
  if (utilization > 0.8) return BASE_POLL_INTERVAL_SECONDS * 2;
  return BASE_POLL_INTERVAL_SECONDS;
}
