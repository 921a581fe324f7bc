import type { Runtime } from '../../infrastructure/shared/container/runtime.js';
import type { Readiness } from './shared/observability.js';

// Ready when the event log answers and, where projections run here, they have not failed.
export async function readiness(runtime: Runtime): Promise<Readiness> {
  const headPosition = await runtime.adapters.eventStore.headPosition();
  const failure = runtime.failed;
  return {
    ready: failure === undefined,
    details: {
      headPosition,
      projectionsInProcess: runtime.runsProjections,
      projectedPosition: runtime.runsProjections ? runtime.runner.processedPosition : null,
      ...(failure === undefined ? {} : { projectionError: String(failure) }),
    },
  };
}
