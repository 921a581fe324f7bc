import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { registerRouteMetrics } from './routeMetrics.js';

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
// The three answer from one middleware placed before authentication and rate limits (load
// balancers and scrapers call them anonymously and often); as express routes they were
// three more layers every API request walked past.
export function observabilityEndpoints(options: ObservabilityOptions): RequestHandler {
  const registry = options.registry ?? createMetricsRegistry();
  const endpoints = new Map<string, (res: Response) => void | Promise<void>>([
    ['/healthz', (res) => void res.json({ status: 'ok' })],
    [
      '/readyz',
      async (res) => {
        const readiness = await checkReadiness(options.isReady);
        res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ready' : 'not ready', details: readiness.details });
      },
    ],
    [
      '/metrics',
      async (res) => {
        res.setHeader('Content-Type', registry.contentType);
        res.send(await registry.metrics());
      },
    ],
  ]);
  return (req, res, next) => {
    const endpoint = req.method === 'GET' || req.method === 'HEAD' ? endpoints.get(req.path) : undefined;
    if (!endpoint) return next();
    res.locals.routePattern = req.path;
    return endpoint(res);
  };
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
  const tallies = registerRouteMetrics(registry, DURATION_BUCKETS_SECONDS);
  function recordFinished(this: Response): void {
    const req = this.req;
    tallies.record(req.method, routePattern(req, this), this.statusCode, (performance.now() - req.receivedAt) / 1000);
  }
  return (req, res, next) => {
    // The request log may have set it already; both measure from the same moment.
    if (!req.receivedAt) req.receivedAt = performance.now();
    res.on('finish', recordFinished);
    next();
  };
}

// req.baseUrl is left out: under a mount path with parameters it holds raw values. A route
// mounted under a prefix can name its full pattern in res.locals.routePattern.
function routePattern(req: Request, res: Response): string {
  if (typeof res.locals.routePattern === 'string') return res.locals.routePattern;
  const route = req.route as { path?: unknown } | undefined;
  return route?.path === undefined ? 'unmatched' : String(route.path);
}
