import { performance } from 'node:perf_hooks';
import type { ServerLoad } from '../../../application/shared/ports/serverLoad.port.js';

// The event loop's utilization (the share of time spent running code rather than waiting)
// over the last complete sampling window of a few seconds, measured when asked.
export function eventLoopLoad(sampleMs = 2_000): ServerLoad {
  let windowStart = performance.eventLoopUtilization();
  let windowStartedAt = performance.now();
  let last = 0;
  return {
    utilization() {
      const now = performance.now();
      if (now - windowStartedAt >= sampleMs) {
        const current = performance.eventLoopUtilization();
        last = performance.eventLoopUtilization(current, windowStart).utilization;
        windowStart = current;
        windowStartedAt = now;
      }
      return last;
    },
  };
}
