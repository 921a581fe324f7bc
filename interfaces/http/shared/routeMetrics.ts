import type { Metric, Registry } from 'prom-client';

interface RouteLabels {
  readonly method: string;
  readonly route: string;
  readonly status: string;
}

interface RouteTally {
  readonly labels: RouteLabels;
  count: number;
  sum: number;
  // Not cumulative: bucketCounts[i] counts durations in (bounds[i - 1], bounds[i]]; the last one is +Inf.
  readonly bucketCounts: number[];
}

// Request counts and durations per method, route pattern and status, kept as plain numbers:
// prom-client's labelled inc and observe hash the label values on every call, which for a
// counter and a histogram measured as a tenth of a small GET. The registry reads the
// tallies when /metrics is scraped, in prom-client's own metric shape.
export class RouteTallies {
  private readonly byKey = new Map<string, RouteTally>();

  constructor(readonly bucketBounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let tally = this.byKey.get(key);
    if (!tally) {
      tally = { labels: { method, route, status: String(status) }, count: 0, sum: 0, bucketCounts: new Array<number>(this.bucketBounds.length + 1).fill(0) };
      this.byKey.set(key, tally);
    }
    tally.count += 1;
    tally.sum += seconds;
    let bucket = 0;
    while (bucket < this.bucketBounds.length && seconds > this.bucketBounds[bucket]!) bucket += 1;
    tally.bucketCounts[bucket]! += 1;
  }

  all(): Iterable<RouteTally> {
    return this.byKey.values();
  }

  reset(): void {
    this.byKey.clear();
  }
}

const REQUESTS = { name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status' };
const DURATIONS = { name: 'http_request_duration_seconds', help: 'HTTP request duration in seconds, by method, route pattern and status' };

type TalliedMetric = { readonly tallies: RouteTallies };

// Registered once per registry: a second app on the same registry (tests, several
// listeners) shares the tallies.
export function registerRouteMetrics(registry: Registry, bucketBounds: readonly number[]): RouteTallies {
  const existing = registry.getSingleMetric(REQUESTS.name) as unknown as Partial<TalliedMetric> | undefined;
  if (existing?.tallies) return existing.tallies;
  const tallies = new RouteTallies(bucketBounds);
  registry.registerMetric(asMetric({ ...REQUESTS, type: 'counter', tallies, values: () => requestValues(tallies) }));
  registry.registerMetric(asMetric({ ...DURATIONS, type: 'histogram', tallies, values: () => durationValues(tallies) }));
  return tallies;
}

interface MetricValue {
  readonly labels: Record<string, string | number>;
  readonly value: number;
  readonly metricName?: string;
}

function asMetric(spec: { name: string; help: string; type: 'counter' | 'histogram'; tallies: RouteTallies; values: () => MetricValue[] }): Metric {
  const { name, help, type, tallies, values } = spec;
  return {
    name,
    help,
    type,
    aggregator: 'sum',
    tallies,
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => tallies.reset(),
  } as unknown as Metric;
}

function requestValues(tallies: RouteTallies): MetricValue[] {
  return Array.from(tallies.all(), (tally) => ({ labels: { ...tally.labels }, value: tally.count }));
}

// The exposition prom-client's Histogram gives: cumulative buckets with `le` first, then sum and count.
function durationValues(tallies: RouteTallies): MetricValue[] {
  const values: MetricValue[] = [];
  for (const tally of tallies.all()) {
    let cumulative = 0;
    tally.bucketCounts.forEach((count, i) => {
      cumulative += count;
      const le = i < tallies.bucketBounds.length ? tallies.bucketBounds[i]! : '+Inf';
      values.push({ labels: { le, ...tally.labels }, value: cumulative, metricName: `${DURATIONS.name}_bucket` });
    });
    values.push({ labels: { ...tally.labels }, value: tally.sum, metricName: `${DURATIONS.name}_sum` });
    values.push({ labels: { ...tally.labels }, value: tally.count, metricName: `${DURATIONS.name}_count` });
  }
  return values;
}
