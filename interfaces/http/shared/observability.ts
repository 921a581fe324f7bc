import { Router, type Request, type RequestHandler, type Response } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface Readiness {
  readonly ready: boolean;
  readonly details: Record<string, unknown>;
}

export interface ObservabilityOptions {
  readonly isReady: () => Promise<Readiness>;
  readonly registry?: Registry;
}

export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

// Liveness says only that the process answers; readiness asks the adapters (event store
// reachable, projections caught up), so a load balancer stops routing to a lagging node.
export function observabilityRouter(options: ObservabilityOptions): Router {
  const registry = options.registry ?? createMetricsRegistry();
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness(options.isReady);
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ready' : 'not ready', details: readiness.details });
  });
  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  });
  return router;
}

async function checkReadiness(isReady: () => Promise<Readiness>): Promise<Readiness> {
  try {
    return await isReady();
  } catch (error) {
    return { ready: false, details: { error: error instanceof Error ? error.message : String(error) } };
  }
}

const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Labelled by route pattern, never the raw URL, so ids in paths cannot explode cardinality.
export function httpMetrics(registry: Registry): RequestHandler {
  const requests = registeredOnce(registry, 'http_requests_total', () =>
    new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
  );
  const durations = registeredOnce(registry, 'http_request_duration_seconds', () =>
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS_SECONDS,
      registers: [registry],
    }),
  );
  // prom-client hashes label values on every call; the children per label set are kept.
  const children = new Map<string, { requests: { inc(): void }; durations: { observe(value: number): void } }>();
  const childrenFor = (method: string, route: string, status: string) => {
    const key = `${method} ${status} ${route}`;
    let found = children.get(key);
    if (!found) {
      found = { requests: requests.labels(method, route, status), durations: durations.labels(method, route, status) };
      children.set(key, found);
    }
    return found;
  };
  return (req, res, next) => {
    const startedAt = process.hrtime.bigint();
    res.once('finish', () => {
      const metrics = childrenFor(req.method, routePattern(req, res), String(res.statusCode));
      metrics.requests.inc();
      metrics.durations.observe(Number(process.hrtime.bigint() - startedAt) / 1e9);
    });
    next();
  };
}

// A second app on the same registry (tests, several listeners) reuses the metric.
function registeredOnce<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

// req.baseUrl is left out: under a mount path with parameters it holds raw values. A route
// mounted under a prefix can name its full pattern in res.locals.routePattern.
function routePattern(req: Request, res: Response): string {
  if (typeof res.locals.routePattern === 'string') return res.locals.routePattern;
  const route = req.route as { path?: unknown } | undefined;
  return route?.path === undefined ? 'unmatched' : String(route.path);
}
