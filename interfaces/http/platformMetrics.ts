import { Counter, Gauge, type Registry } from 'prom-client';
import type { Runtime } from '../../infrastructure/shared/container/runtime.js';

// The platform's own figures, read from the runtime when /metrics is scraped: the log's head
// and write batching, each projection's position and lag, each process manager's backlog.
export function registerPlatformMetrics(registry: Registry, runtime: Runtime): void {
  const { eventStore } = runtime.adapters;
  new Gauge({
    name: 'forgelog_event_store_head_position',
    help: 'Global position of the last event in the log (-1 when empty)',
    registers: [registry],
    async collect() {
      this.set(await eventStore.headPosition());
    },
  });
  const statistic = (name: string, help: string, read: () => number | undefined) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const value = read();
        this.reset();
        if (value !== undefined) this.inc(value);
      },
    });
  statistic('forgelog_event_store_appends_total', 'Appends acknowledged by this process', () => eventStore.statistics().appends);
  statistic('forgelog_event_store_appended_events_total', 'Events appended by this process', () => eventStore.statistics().events);
  statistic(
    'forgelog_event_store_fsync_batches_total',
    'Group commits (one write and one fdatasync each) of the embedded log',
    () => eventStore.statistics().durableWrites,
  );

  const projectionLabels = ['projection', 'lane'] as const;
  new Gauge({
    name: 'forgelog_projection_position',
    help: 'Global position of the last event each projection applied',
    labelNames: projectionLabels,
    registers: [registry],
    collect() {
      this.reset();
      if (!runtime.runsProjections) return;
      for (const status of runtime.runner.statuses()) this.set({ projection: status.name, lane: status.lane }, status.position);
    },
  });
  new Gauge({
    name: 'forgelog_projection_lag_events',
    help: 'Events in the log a projection has not applied yet',
    labelNames: projectionLabels,
    registers: [registry],
    async collect() {
      this.reset();
      if (!runtime.runsProjections) return;
      const head = await eventStore.headPosition();
      for (const status of runtime.runner.statuses()) this.set({ projection: status.name, lane: status.lane }, Math.max(0, head - status.position));
    },
  });
  new Gauge({
    name: 'forgelog_projection_resubscriptions',
    help: 'Times a projection lane resubscribed to the log after its subscription dropped',
    labelNames: ['lane'],
    registers: [registry],
    collect() {
      this.reset();
      if (!runtime.runsProjections) return;
      for (const status of runtime.runner.statuses()) this.set({ lane: status.lane }, status.resubscriptions);
    },
  });
  const processGauge = (name: string, help: string, read: (status: ReturnType<Runtime['processes']['statuses']>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['process'],
      registers: [registry],
      collect() {
        this.reset();
        if (!runtime.runsProjections) return;
        for (const status of runtime.processes.statuses()) this.set({ process: status.name }, read(status));
      },
    });
  processGauge('forgelog_process_backlog', 'Processes waiting for a step (retries, grace periods)', (status) => status.backlog);
  processGauge('forgelog_process_position', 'Global position of the last event each process manager looked at', (status) => status.position);
  processGauge('forgelog_process_steps_completed', 'Steps completed since the start', (status) => status.completed);
  processGauge('forgelog_process_step_failures', 'Step attempts that failed (and will be retried) since the start', (status) => status.failed);
  processGauge('forgelog_process_abandoned', 'Processes given up after their last attempt since the start', (status) => status.abandoned);
}
